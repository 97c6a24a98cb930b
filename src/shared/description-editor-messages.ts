/**
 * The description editor's toolbar (src/app/ui/rich-text), beside messages.ts: only the lazy
 * editor chunk reads them, so they stay out of the first visit's JavaScript (docs/architecture.md,
 * "First visit").
 */
export const descriptionEditorMessages = {
  toolbar: 'Description formatting',
  blockType: 'Block type',
  blocks: { paragraph: 'Paragraph', h1: 'Heading 1', h2: 'Heading 2', h3: 'Heading 3' },
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  /** The one-letter faces of bold, italic and underline. */
  boldShort: 'B',
  italicShort: 'I',
  underlineShort: 'U',
  bulletList: '• List',
  numberedList: '1. List',
  removeList: 'Remove list',
  link: 'Link',
  linkAddress: 'Link address (http, https, mailto or tel; empty removes the link)',
  linkRefused: 'Only http, https, mailto and tel links are accepted.',
  cancel: 'Cancel',
  applyLink: 'Apply link',
  image: 'Image',
  imageRefused: (file: string) => `${file}: only PNG, GIF, JPEG, BMP and ICO images can be placed in the description.`,
};
