/**
 * "Take the supplier's" on a held-back image list (docs/product-edit.md, "The supplier now says"),
 * beside messages.ts: only the product page and its server call read them, so they stay out of the
 * first visit's JavaScript (docs/architecture.md, "First visit").
 */
export const heldImagesMessages = {
  supplierImagesTaken: "The supplier's images are saved. They are sent to the server when the connection allows.",
  saveImagesFirst: "Your image changes are not saved yet. Apply or undo them first, then take the supplier's images.",
  supplierImagesChanged: "The supplier has sent another image list since. Look at the supplier's images again and take them or keep yours.",
  imagesChangedSinceShown: "The product's images changed since you chose the supplier's. Look at the images again and take the supplier's once more if you still want them.",
};
