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
import { descriptionEditorMessages } from '../../../shared/description-editor-messages';
import { useMessages } from '../../i18n/language';
import { INLINE_IMAGE_TYPES, isAllowedLink, isInlineImageType, normalizeLink } from './description-html';
import { $createInlineImageNode } from './InlineImageNode';

type BlockType = 'paragraph' | HeadingTagType;
const BLOCKS = ['paragraph', 'h1', 'h2', 'h3'] as const satisfies readonly BlockType[];
const FORMATS = ['bold', 'italic', 'underline'] as const satisfies readonly TextFormatType[];

/** A refused link shows in the link's popover, any other problem under the toolbar. */
type Problem = { kind: 'link' | 'image'; text: string };

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
  const [problem, setProblem] = useState<Problem | null>(null);
  const words = useMessages(descriptionEditorMessages, 'descriptionEditor');
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
      setProblem({ kind: 'link', text: words.linkRefused });
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
        setProblem({ kind: 'image', text: words.imageRefused(file.name) });
        continue;
      }
      const src = await readAsDataUrl(file);
      editor.update(() => $insertNodes([$createInlineImageNode(src, file.name.replace(/\.[^.]+$/, ''))]));
    }
  };

  return (
    <Flex className="description-toolbar" gap="1" wrap="wrap" align="center" role="toolbar" aria-label={words.toolbar}>
      <Select.Root value={block} onValueChange={(value) => setBlockType(value as BlockType)} size="1">
        <Select.Trigger aria-label={words.blockType} />
        <Select.Content>
          {BLOCKS.map((value) => (
            <Select.Item key={value} value={value}>
              {words.blocks[value]}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      {FORMATS.map((format) => ({ format, label: words[format], short: words[`${format}Short`] })).map(({ format, label, short }) => (
        <Button key={format} type="button" size="1" variant="soft" color="gray" aria-label={label} title={label} className={`de-format-${format}`}
          onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, format)}>
          {short}
        </Button>
      ))}
      <Button type="button" size="1" variant="soft" color="gray" onClick={() => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined)}>
        {words.bulletList}
      </Button>
      <Button type="button" size="1" variant="soft" color="gray" onClick={() => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined)}>
        {words.numberedList}
      </Button>
      <Button type="button" size="1" variant="soft" color="gray" aria-label={words.removeList} title={words.removeList} onClick={() => editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined)}>
        ¶
      </Button>
      <Popover.Root open={linkOpen} onOpenChange={openLink}>
        <Popover.Trigger>
          <Button type="button" size="1" variant="soft" color="gray">
            {words.link}
          </Button>
        </Popover.Trigger>
        <Popover.Content width="320px">
          <form onSubmit={applyLink}>
            <Flex direction="column" gap="2">
              <Text as="label" size="2" htmlFor="description-link-url">
                {words.linkAddress}
              </Text>
              <TextField.Root id="description-link-url" value={linkText} onChange={(e) => setLinkText(e.target.value)} placeholder="https://" autoFocus />
              {problem?.kind === 'link' && (
                <Text size="1" color="red" role="alert">
                  {problem.text}
                </Text>
              )}
              <Flex gap="2" justify="end">
                <Button type="button" variant="soft" color="gray" onClick={() => setLinkOpen(false)}>
                  {words.cancel}
                </Button>
                <Button type="submit">{words.applyLink}</Button>
              </Flex>
            </Flex>
          </form>
        </Popover.Content>
      </Popover.Root>
      <Button type="button" size="1" variant="soft" color="gray" onClick={() => fileInput.current?.click()}>
        {words.image}
      </Button>
      <input ref={fileInput} type="file" hidden multiple accept={INLINE_IMAGE_TYPES.join(',')} onChange={(e) => void insertImages(e)} data-testid="description-image-input" />
      {problem?.kind === 'image' && (
        <Text size="1" color="red" role="alert">
          {problem.text}
        </Text>
      )}
    </Flex>
  );
}
