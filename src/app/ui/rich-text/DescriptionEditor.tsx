/**
 * The rich-text Description (Lexical): headings, bold/italic/underline, lists, links (http, https,
 * mailto, tel only) and inline images. HTML in and HTML out, both through the sanitiser. This
 * module and Lexical form their own chunk, loaded only when a product is edited.
 */
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { $createParagraphNode, $getRoot, $isDecoratorNode, $isElementNode, type ElementNode, type LexicalEditor, type LexicalNode } from 'lexical';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { isAllowedLink, sanitizeDescriptionHtml } from './description-html';
import { DescriptionToolbar } from './DescriptionToolbar';
import { InlineImageNode } from './InlineImageNode';
import './description-editor.css';

export interface DescriptionEditorProps {
  html: string;
  onChange: (html: string) => void;
  /** id of the visible label, for assistive technology. */
  labelId: string;
}

const THEME = {
  paragraph: 'de-paragraph',
  heading: { h1: 'de-h1', h2: 'de-h2', h3: 'de-h3' },
  list: { ul: 'de-ul', ol: 'de-ol', listitem: 'de-li' },
  link: 'de-link',
  text: { bold: 'de-bold', italic: 'de-italic', underline: 'de-underline' },
};

function loadHtml(editor: LexicalEditor, html: string): void {
  const clean = sanitizeDescriptionHtml(html);
  if (clean === '') return;
  const dom = new DOMParser().parseFromString(clean, 'text/html');
  const root = $getRoot();
  root.clear();
  // Appended rather than inserted at a selection, so loading does not focus the editor. Text and
  // inline nodes at the top (a feed's plain-text description) are wrapped in paragraphs.
  let paragraph: ElementNode | null = null;
  for (const node of $generateNodesFromDOM(editor, dom)) {
    if (isBlock(node)) {
      paragraph = null;
      root.append(node);
    } else {
      if (!paragraph) {
        paragraph = $createParagraphNode();
        root.append(paragraph);
      }
      paragraph.append(node);
    }
  }
}

function isBlock(node: LexicalNode): boolean {
  return ($isElementNode(node) || $isDecoratorNode(node)) && !node.isInline();
}

/**
 * A value set from outside (a conflict settled with "take theirs", a restored history entry) is
 * loaded into the editor; the editor's own reports coming back through `html` are not.
 */
function FollowOutsideValue({ html, reportedRef }: { html: string; reportedRef: RefObject<string> }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    const clean = sanitizeDescriptionHtml(html);
    if (clean === reportedRef.current) return;
    reportedRef.current = clean;
    editor.update(() => {
      $getRoot().clear();
      loadHtml(editor, clean);
    });
  }, [editor, html, reportedRef]);
  return null;
}

export default function DescriptionEditor({ html, onChange, labelId }: DescriptionEditorProps) {
  /** The last HTML the editor reported (or was given): what `html` holds while nobody else changes it. */
  const reportedRef = useRef(sanitizeDescriptionHtml(html));
  // The first value here; later values from outside through FollowOutsideValue.
  const initialConfig = useMemo<InitialConfigType>(
    () => ({
      namespace: 'product-description',
      theme: THEME,
      nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, InlineImageNode],
      onError: (error: Error) => console.error('Description editor', error),
      editorState: (editor: LexicalEditor) => loadHtml(editor, html),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- initial content only, see above
    [],
  );

  return (
    <LexicalComposer initialConfig={initialConfig}>
      <div className="description-editor">
        <DescriptionToolbar />
        <RichTextPlugin
          contentEditable={<ContentEditable className="description-content" aria-labelledby={labelId} aria-multiline data-testid="description-editor" />}
          ErrorBoundary={LexicalErrorBoundary}
        />
        <HistoryPlugin />
        <FollowOutsideValue html={html} reportedRef={reportedRef} />
        <ListPlugin />
        <LinkPlugin validateUrl={isAllowedLink} />
        <OnChangePlugin
          ignoreSelectionChange
          onChange={(editorState, editor) => {
            editorState.read(() => {
              reportedRef.current = sanitizeDescriptionHtml($generateHtmlFromNodes(editor, null));
              onChange(reportedRef.current);
            });
          }}
        />
      </div>
    </LexicalComposer>
  );
}
