/**
 * An image inside the description (from the toolbar: a png, gif, jpeg, bmp or x-icon file read as a
 * data URL, no upload call; or an <img> that came with the HTML). Exported as a plain <img>.
 */
import type { JSX } from 'react';
import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import { isAllowedImageSource } from './description-html';

export type SerializedInlineImageNode = Spread<{ src: string; alt: string }, SerializedLexicalNode>;

export class InlineImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __alt: string;

  static override getType(): string {
    return 'inline-image';
  }

  static override clone(node: InlineImageNode): InlineImageNode {
    return new InlineImageNode(node.__src, node.__alt, node.__key);
  }

  static override importJSON(serialized: SerializedInlineImageNode): InlineImageNode {
    return $createInlineImageNode(serialized.src, serialized.alt);
  }

  static override importDOM(): DOMConversionMap {
    return {
      img: () => ({
        conversion: (element) => {
          const img = element as HTMLImageElement;
          const src = img.getAttribute('src') ?? '';
          // A source we would not keep is dropped here already, not only by the sanitiser.
          return { node: isAllowedImageSource(src) ? $createInlineImageNode(src, img.getAttribute('alt') ?? '') : null };
        },
        priority: 0,
      }),
    };
  }

  constructor(src: string, alt: string, key?: NodeKey) {
    super(key);
    this.__src = src;
    this.__alt = alt;
  }

  override exportJSON(): SerializedInlineImageNode {
    return { ...super.exportJSON(), type: 'inline-image', version: 1, src: this.__src, alt: this.__alt };
  }

  override exportDOM(): DOMExportOutput {
    const img = document.createElement('img');
    img.setAttribute('src', this.__src);
    if (this.__alt) img.setAttribute('alt', this.__alt);
    return { element: img };
  }

  override createDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'description-inline-image';
    return span;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): boolean {
    return true;
  }

  override decorate(): JSX.Element {
    return <img src={this.__src} alt={this.__alt} />;
  }
}

export function $createInlineImageNode(src: string, alt: string): InlineImageNode {
  return $applyNodeReplacement(new InlineImageNode(src, alt));
}

export function $isInlineImageNode(node: LexicalNode | null | undefined): node is InlineImageNode {
  return node instanceof InlineImageNode;
}
