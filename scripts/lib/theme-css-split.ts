/**
 * Splits Radix Themes' compiled style sheet in two (docs/architecture.md, "First visit"):
 * - the first sheet: the design tokens, the colours the app uses, the components the sign-in
 *   screen and the top bar are made of, and the layout and spacing utilities of the base
 *   breakpoint;
 * - the rest: every other component, colour and breakpoint, loaded with the app's chunk.
 * Both are wrapped in the cascade layer `radix`, so the app's own style sheets win over Radix
 * whatever order the two halves arrive in. Inside it, Radix's own order (tokens, components,
 * utilities) is kept by sub-layers the first sheet declares: a utility of the first sheet
 * (`.rt-r-gtc-2`, a Grid's columns) still overrides a component's default that arrives later with
 * the rest (`.rt-Grid`'s one column), as it does in Radix's single sheet.
 *
 * The sheet is split at its top-level rules and inside @media/@supports blocks; a rule goes to
 * the first sheet when every Radix component class it names (`.rt-Button`, `.rt-TextFieldRoot`…)
 * belongs to a first-screen component. Rules naming no component class (tokens, the reset,
 * `.rt-r-*` utilities) go by where they stand: base → first, breakpoint media query → rest.
 */

export interface CssBlock {
  /** The prelude: a selector list, or an at-rule such as `@media (min-width: 768px)`. */
  prelude: string;
  /** The text between the braces. */
  body: string;
}

/** Splits a style sheet's text into its top-level blocks (comments dropped). */
export function cssBlocks(css: string): CssBlock[] {
  const blocks: CssBlock[] = [];
  let i = 0;
  let preludeStart = 0;
  const text = css;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
      if (text.slice(preludeStart, i).trim().startsWith('/*')) preludeStart = i;
      continue;
    }
    if (ch === ';') {
      // A statement at-rule such as @import or @layer name; kept as a block without a body.
      const statement = text.slice(preludeStart, i).trim();
      if (statement) blocks.push({ prelude: statement, body: '' });
      i += 1;
      preludeStart = i;
      continue;
    }
    if (ch === '{') {
      const prelude = stripComments(text.slice(preludeStart, i)).trim();
      const end = matchingBrace(text, i);
      blocks.push({ prelude, body: text.slice(i + 1, end) });
      i = end + 1;
      preludeStart = i;
      continue;
    }
    if (ch === '"' || ch === "'") {
      i = stringEnd(text, i);
      continue;
    }
    i += 1;
  }
  return blocks;
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '');
}

function stringEnd(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"' || ch === "'") {
      i = stringEnd(text, i);
      continue;
    }
    if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
      continue;
    }
    if (ch === '{') depth += 1;
    if (ch === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
    i += 1;
  }
  throw new Error(`unbalanced braces in a style sheet at ${open}`);
}

/** The Radix component classes a selector names: `.rt-Button`, `.rt-TextFieldRoot`… */
export function componentClasses(selector: string): string[] {
  return [...selector.matchAll(/\.rt-([A-Z][A-Za-z]*)/g)].map((match) => match[1] ?? '');
}

const BREAKPOINT_MEDIA = /^@media\s*\(min-width:/;

export type Half = 'first' | 'rest';

/** Which half a rule belongs to; `firstComponents` are class names without `.rt-` (`TextFieldRoot`). */
export function halfOf(selector: string, firstComponents: readonly string[], inBreakpoint: boolean): Half {
  const classes = componentClasses(selector);
  if (classes.length === 0) return inBreakpoint ? 'rest' : 'first';
  const first = classes.every((name) => firstComponents.includes(name));
  return first && !inBreakpoint ? 'first' : 'rest';
}

function render(blocks: CssBlock[]): string {
  return blocks.map((block) => (block.body === '' && !block.prelude.startsWith('@media') ? `${block.prelude};` : `${block.prelude}{${block.body}}`)).join('\n');
}

/** Splits one sheet's text into its two halves (not yet layered). */
export function splitSheet(css: string, firstComponents: readonly string[]): Record<Half, string> {
  const halves: Record<Half, CssBlock[]> = { first: [], rest: [] };
  for (const block of cssBlocks(css)) {
    if (block.prelude.startsWith('@media') || block.prelude.startsWith('@supports')) {
      const inBreakpoint = BREAKPOINT_MEDIA.test(block.prelude);
      const inner: Record<Half, CssBlock[]> = { first: [], rest: [] };
      for (const rule of cssBlocks(block.body)) inner[halfOf(rule.prelude, firstComponents, inBreakpoint)].push(rule);
      for (const half of ['first', 'rest'] as const) {
        if (inner[half].length > 0) halves[half].push({ prelude: block.prelude, body: render(inner[half]) });
      }
    } else if (block.prelude.startsWith('@keyframes') || block.prelude.startsWith('@font-face') || block.prelude.startsWith('@property')) {
      halves.first.push(block);
    } else if (block.prelude.startsWith('@')) {
      halves.rest.push(block);
    } else {
      halves[halfOf(block.prelude, firstComponents, false)].push(block);
    }
  }
  return { first: render(halves.first), rest: render(halves.rest) };
}

/** The sub-layers of `radix` in Radix's own order; declared once, at the top of the first sheet. */
export type RadixPart = 'tokens' | 'components' | 'utilities';
export const RADIX_LAYER_ORDER = '@layer radix.tokens, radix.components, radix.utilities;';

/** Wraps one part of a sheet in its sub-layer of the `radix` cascade layer. */
export function inRadixLayer(part: RadixPart, css: string): string {
  return `@layer radix.${part}{\n${css}\n}`;
}

/**
 * The sheet without what the app can never draw: a selector that requires a Radix component class
 * the app does not use (`used`: class names without `.rt-`) can match no element, so it is
 * dropped from its selector list, and a rule left without selectors is dropped whole (also inside
 * @media, @supports and @layer blocks, which are dropped when left empty). Selectors requiring no
 * component class (tokens, the reset, `.rt-r-*` utilities) are all kept.
 */
export function withoutUnusedComponents(css: string, used: ReadonlySet<string>): string {
  const kept: string[] = [];
  for (const block of cssBlocks(css)) {
    if (/^@(media|supports|layer)\b/.test(block.prelude) && block.body !== '') {
      const inner = withoutUnusedComponents(block.body, used);
      if (inner.trim() !== '') kept.push(`${block.prelude}{${inner}}`);
    } else if (block.prelude.startsWith('@') || block.body === '') {
      kept.push(render([block]));
    } else {
      const selectors = splitSelectors(block.prelude).filter((selector) => requiredComponentClasses(selector).every((name) => used.has(name)));
      if (selectors.length > 0) kept.push(`${selectors.join(',')}{${block.body}}`);
    }
  }
  return kept.join('\n');
}

/**
 * The component classes an element must carry for a selector to match: those outside any
 * parentheses. Inside `:not(…)`, `:is(…)`, `:where(…)` or `:has(…)` a class may be absent or one of
 * several alternatives, so it requires nothing (the selector is kept when in doubt).
 */
export function requiredComponentClasses(selector: string): string[] {
  let outside = '';
  let depth = 0;
  for (const ch of selector) {
    if (ch === '(') depth += 1;
    else if (ch === ')') depth -= 1;
    else if (depth === 0) outside += ch;
  }
  return componentClasses(outside);
}

/** A selector list's selectors: split at the commas outside parentheses (`:is(.a, .b)` stays whole). */
export function splitSelectors(list: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    const ch = list[i];
    if (ch === '(' || ch === '[') depth += 1;
    else if (ch === ')' || ch === ']') depth -= 1;
    else if (ch === ',' && depth === 0) {
      selectors.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  selectors.push(list.slice(start).trim());
  return selectors.filter((selector) => selector !== '');
}
