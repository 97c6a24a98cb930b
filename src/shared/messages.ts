/**
 * Every user-facing sentence of the specification, written once, so that the screens, the server
 * and the tests all use the exact same words.
 */
/** The sync panel's note while the browser is offline (a sentence of the specification). */
export const OFFLINE_NOTE = 'You are offline. Changes are kept on this device and sent when the connection returns.';

export const messages = {
  underConstruction: 'This page is under construction',
  loading: 'Loading...',
  login: {
    alreadySignedIn: "You're already logged in.",
    signInFirst: 'For continue you need sign in first',
    sessionExpired: 'Your Access Token has been expired',
    bothFieldsRequired: 'Both fields are required.',
    userNameRequired: 'Email is required',
    passwordRequired: 'Password is required',
    tokenMissing: 'Access token not found in response',
    signInFailed: (error: string) => `Error signing in: ${error}`,
    /** The sign-in form's fields and button. */
    userName: 'User Name',
    password: 'Password',
    signIn: 'Sign In',
    /** The account page of a signed-in person. */
    signedInAs: (name: string) => `Signed in as ${name}`,
    manageUsers: 'Manage users',
    signOut: 'Sign Out',
    staySignedIn: 'Stay signed in',
  },
  app: {
    updateAvailable: 'A new version is available',
    loadFailed:
      'This part of the app could not be loaded. Check the connection and reload; changes waiting on this device are kept.',
    reload: 'Reload',
    later: 'Later',
  },
  eanUpload: {
    chooseFile: 'Choose File',
    upload: 'Upload',
    uploading: 'Uploading...',
    selectFileFirst: 'Please select a file first',
    uploaded: 'File uploaded successfully',
    failed: 'Failed to upload file',
  },
  sync: {
    /** The login page while the browser is offline. */
    signInNeedsConnection: 'Signing in needs a connection. Changes waiting on this device are kept and sent once you are signed in again.',
    signOutWaitingTitle: 'Changes are still waiting',
    signOutWaiting: (count: number) =>
      count === 1
        ? '1 change has not reached the server yet. It stays on this device and is sent when you sign in again.'
        : `${count} changes have not reached the server yet. They stay on this device and are sent when you sign in again.`,
    pausedForSignIn: 'Sending stopped: the server asks you to sign in again. Your changes are kept.',
    discardTitle: 'Discard this change?',
    discardConfirm: 'It is removed from this device and never sent. This cannot be undone.',
    allSent: 'All changes are on the server',
    offlineNote: OFFLINE_NOTE,
    /** Not in the spec: the browser has a network but the server does not answer (docs/offline.md "Reaching the server"). */
    unreachable: "Can't reach the server",
    /** Not in the spec: the server cannot read the protocol version of a change (src/shared/write-protocol.ts). */
    olderAppChange: 'This change was made by an older version of the app and cannot be sent. Copy what you need and discard it.',
    /** Not in the spec: the sync panel's list of products that wait for a decision (docs/offline.md "Conflicts"). */
    needsYouTitle: 'Needs you',
    needsYouHint: 'Someone else changed these meanwhile. Open each to choose which values to keep.',
    needsYouRestSaved: 'your other changes are saved',
    needsYouOpen: 'Open',
    needsYouWhat: (parts: readonly string[]) => parts.join(' and '),
    needsYouGeneral: 'Product fields',
    needsYouBol: 'Bol model',
    /** A conflict found while the person was on another screen: the toast. */
    conflictFound: (subject: string, restSaved: boolean) =>
      `Someone else changed ${subject} meanwhile. ${restSaved ? 'Your other changes are saved; choose for the rest.' : 'Choose which values to keep.'}`,
    conflictFoundOpen: 'Open product',
    /** The mark on a product's row in the list. */
    rowNeedsYou: 'Needs you: someone else changed this product meanwhile',
  },
  family: {
    mainNeedsFamilyKey: 'To select a product as main, you need to specify the Family Key.',
    familyKeyMissing: 'Family Key is missing',
    inheritSucceeded: 'Product inheritance successful!',
    inheritFailed: 'Failed to inherit product.',
  },
  images: {
    addImage: 'Add image',
    imagesAdded: (count: number) => `${count} images added`,
    save: 'Save',
    saveAndExit: 'Save & Exit',
    pending: 'Pending...',
    confirmDeletionTitle: 'Confirm Deletion',
    confirmDeletion: 'Are you sure you want to delete this image?',
    cancel: 'Cancel',
    delete: 'Delete',
    notAvailable: 'Image not available',
    uploadFailed: 'Failed to upload files',
  },
  /** Not in the spec: image changes as the history and the conflicts name them (src/shared/image-history.ts). */
  imageChanges: {
    image: (position: number, name: string) => `Image ${position}${name ? ` '${name}'` : ''}`,
    added: (image: string) => `${image} added`,
    restored: (image: string, author: string) => `${image} restored${author ? ` by ${author}` : ''}`,
    deleted: (image: string, author: string) => `${image} deleted${author ? ` by ${author}` : ''}`,
    altText: (image: string, from: string, to: string) => `${image}: alt text '${from}' → '${to}'`,
    name: (image: string, from: string, to: string) => `${image}: name '${from}' → '${to}'`,
    moved: (image: string, from: number, to: number) => `${image} moved from ${from} to ${to}`,
    nowMain: (image: string) => `${image} is now the main image`,
    noLongerMain: (image: string) => `${image} is no longer the main image`,
    /** A side of an image conflict. */
    deletedSide: 'Deleted',
    side: (parts: readonly string[]) => parts.join(', '),
    sideAltText: (text: string) => `alt text '${text}'`,
    sideName: (name: string) => `name '${name}'`,
    sidePosition: (position: number) => `position ${position}`,
    sideMain: 'main image',
    cannotComeBack: "its file is no longer stored, so 'Keep mine' cannot bring it back",
  },
  bol: {
    chooseCategory: 'Choose Bol category',
    requiredFields: 'Required Fields',
    optionalFields: 'Optional Fields',
    images: 'Images',
    apply: 'Apply',
    saveAndExit: 'Save & Exit',
    createOnBol: 'Create New Product on Bol',
    creating: 'Creating...',
    fillRequired: 'Please fill in all required fields.',
    saved: 'Bol product successfully updated!',
    saveFailed: 'Failed to save product.',
    createFailed: 'Failed to create new product on Bol.',
  },
  orders: {
    importOrders: 'Import orders',
    firstName: 'First Name',
    surname: 'Surname',
    email: 'Email',
    city: 'City',
    street: 'Street',
    zipCode: 'Zip Code',
    house: 'House',
  },
} as const;

/** How each bol state of a product reads (the Reports screen, the list's "Bol state" filter); ours, not the spec's. */
export const BOL_STATE_LABELS = {
  noCategory: 'No Bol category',
  missingRequired: 'Required attributes missing',
  ready: 'Ready to send',
  sent: 'Sent, bol is processing',
  published: 'Published on bol',
  declined: 'Declined by bol',
} as const;

/**
 * How the history and the conflict tables write a value (src/app/lib/field-value-text.ts): a
 * yes/no field in the words the list's filters use for it (bol's content status: shared/status-words.ts).
 */
export const VALUE_WORDS = {
  flags: {
    mainProduct: { yes: 'Main', no: 'Not main' },
    passedModeration: { yes: 'Passed', no: 'Not passed' },
    buyBlock: { yes: 'Blocked', no: 'Not blocked' },
    isExportOnBol: { yes: 'Exported', no: 'Not exported' },
    isChangeEan: { yes: 'Replaced', no: 'Original' },
  } as Record<string, { yes: string; no: string } | undefined>,
  yes: 'Yes',
  no: 'No',
  empty: '—',
  images: (count: number) => (count === 1 ? '1 image' : `${count} images`),
  noImages: 'No images',
  unknownCategory: (id: number) => `Category ${id}`,
  published: { published: 'Published', 'not published': 'Not published' } as Record<string, string | undefined>,
  offer: (price: string, stock: string, onHold: boolean) => `${price}, stock ${stock}${onHold ? ', on hold' : ''}`,
} as const;

/** The history's line of a product that stopped being main because another was saved as main. */
export const historyMessages = {
  noLongerMain: (other: string) => `No longer the main product: ${other} became main`,
  /** A person took the supplier's held-back image list (docs/feeds.md, "Held-back values"). */
  supplierImagesTaken: (images: string) => `Took the supplier's images: ${images}`,
} as const;

/** Not in the spec: what a supplier feed's values and the Test feed preview say (docs/feeds.md, "Prices", "Units", "The guess and its platforms"). */
export const feedValueMessages = {
  noPriceColumn: 'No column of the feed is mapped to the supplier price; map one, or every row is refused',
  priceMissing: 'Price is missing; a product is not imported without the supplier price',
  notAPrice: (label: string, raw: string) => `${label} '${raw}' is not a price`,
  foreignCurrency: (label: string, raw: string, currency: string, own: string) =>
    `${label} '${raw}' is in ${currency}, not ${own}; the supplier's settings refuse prices in another currency`,
  nothingImported: (supplier: string) => `Nothing of supplier '${supplier}' was imported: every row was refused; the reasons are listed below.`,
  eanRounded: (raw: string) => `The spreadsheet rounded this EAN (${raw}); export the column as text`,
  recognised: (platform: string) => `Looks like ${platform}`,
  decimalMark: (mark: 'comma' | 'point' | null) =>
    mark === 'comma' ? 'Numbers use a decimal comma (1.234,50)' : mark === 'point' ? 'Numbers use a decimal point (1,234.50)' : 'The rows read show no decimal mark',
  /** `foreign`: some of the currencies is not `own`. */
  currencies: (currencies: readonly string[], own: string, foreign: boolean) =>
    currencies.length === 0
      ? `Prices are read as ${own}`
      : `Prices are written in ${currencies.join(', ')}${foreign ? `; this store sells in ${own}: choose below whether rows in another currency are refused or taken as they are` : ''}`,
} as const;
