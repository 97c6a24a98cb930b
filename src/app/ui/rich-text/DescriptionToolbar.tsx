/** The description's toolbar: block type, bold/italic/underline, lists, link, inline image. */
import { $isLinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, REMOVE_LIST_COMMAND } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createHeadingNode, type HeadingTagType } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { Button, Flex, Popover, Select, Text, TextField } from '@radix-ui/themes';
import {
  $createParagraphNode,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  FORMAT_TEXT_COMMAND,
  type TextFormatType,
} from 'lexical';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { INLINE_IMAGE_TYPES, isAllowedLink, isInlineImageType, normalizeLink } from './description-html';
import { $createInlineImageNode } from './InlineImageNode';

type BlockType = 'paragraph' | HeadingTagType;
const BLOCKS: { value: BlockType; label: string }[] = [
  { value: 'paragraph', label: 'Paragraph' },
  { value: 'h1', label: 'Heading 1' },
  { value: 'h2', label: 'Heading 2' },
  { value: 'h3', label: 'Heading 3' },
];
const FORMATS: { format: TextFormatType; label: string; short: string }[] = [
  { format: 'bold', label: 'Bold', short: 'B' },
  { format: 'italic', label: 'Italic', short: 'I' },
  { format: 'underline', label: 'Underline', short: 'U' },
];
export const LINK_REFUSED = 'Only http, https, mailto and tel links are accepted.';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export function DescriptionToolbar() {
  const [editor] = useLexicalComposerContext();
  const [block, setBlock] = useState<BlockType>('paragraph');
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkText, setLinkText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const setBlockType = (value: BlockType) => {
    setBlock(value);
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      $setBlocksType(selection, () => (value === 'paragraph' ? $createParagraphNode() : $createHeadingNode(value)));
    });
  };

  const openLink = (open: boolean) => {
    setProblem(null);
    if (open) {
      editor.getEditorState().read(() => {
        const selection = $getSelection();
        const node = $isRangeSelection(selection) ? selection.anchor.getNode() : null;
        const link = node && ($isLinkNode(node) ? node : $isLinkNode(node.getParent()) ? node.getParent() : null);
        setLinkText($isLinkNode(link) ? link.getURL() : '');
      });
    }
    setLinkOpen(open);
  };

  const applyLink = (event: FormEvent) => {
    event.preventDefault();
    const url = normalizeLink(linkText);
    if (url === '') {
      editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
      setLinkOpen(false);
      return;
    }
    if (!isAllowedLink(url)) {
      setProblem(LINK_REFUSED);
      return;
    }
    editor.dispatchCommand(TOGGLE_LINK_COMMAND, url);
    setLinkOpen(false);
  };

  const insertImages = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setProblem(null);
    for (const file of files) {
      if (!isInlineImageType(file.type)) {
        setProblem(`${file.name}: only PNG, GIF, JPEG, BMP and ICO images can be placed in the description.`);
        continue;
      }
      const src = await readAsDataUrl(file);
      editor.update(() => $insertNodes([$createInlineImageNode(src, file.name.replace(/\.[^.]+$/, ''))]));
    }
  };

  return (
    <Flex className="description-toolbar" gap="1" wrap="wrap" align="center" role="toolbar" aria-label="Description formatting">
      <Select.Root value={block} onValueChange={(value) => setBlockType(value as BlockType)} size="1">
        <Select.Trigger aria-label="Block type" />
        <Select.Content>
          {BLOCKS.map((option) => (
            <Select.Item key={option.value} value={option.value}>
              {option.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      {FORMATS.map(({ format, label, short }) => (
        <Button key={format} type="button" size="1" variant="soft" color="gray" aria-label={label} title={label} className={`de-format-${format}`}
          onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, format)}>
          {short}
        </Button>
      ))}
      <Button type="button" size="1" variant="soft" color="gray" onClick={() => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined)}>
        • List
      </Button>
      <Button type="button" size="1" variant="soft" color="gray" onClick={() => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined)}>
        1. List
      </Button>
      <Button type="button" size="1" variant="soft" color="gray" aria-label="Remove list" title="Remove list" onClick={() => editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined)}>
        ¶
      </Button>
      <Popover.Root open={linkOpen} onOpenChange={openLink}>
        <Popover.Trigger>
          <Button type="button" size="1" variant="soft" color="gray">
            Link
          </Button>
        </Popover.Trigger>
        <Popover.Content width="320px">
          <form onSubmit={applyLink}>
            <Flex direction="column" gap="2">
              <Text as="label" size="2" htmlFor="description-link-url">
                Link address (http, https, mailto or tel; empty removes the link)
              </Text>
              <TextField.Root id="description-link-url" value={linkText} onChange={(e) => setLinkText(e.target.value)} placeholder="https://" autoFocus />
              {problem === LINK_REFUSED && (
                <Text size="1" color="red" role="alert">
                  {problem}
                </Text>
              )}
              <Flex gap="2" justify="end">
                <Button type="button" variant="soft" color="gray" onClick={() => setLinkOpen(false)}>
                  Cancel
                </Button>
                <Button type="submit">Apply link</Button>
              </Flex>
            </Flex>
          </form>
        </Popover.Content>
      </Popover.Root>
      <Button type="button" size="1" variant="soft" color="gray" onClick={() => fileInput.current?.click()}>
        Image
      </Button>
      <input ref={fileInput} type="file" hidden multiple accept={INLINE_IMAGE_TYPES.join(',')} onChange={(e) => void insertImages(e)} data-testid="description-image-input" />
      {problem && problem !== LINK_REFUSED && (
        <Text size="1" color="red" role="alert">
          {problem}
        </Text>
      )}
    </Flex>
  );
}
