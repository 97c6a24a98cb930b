/**
 * A table whose rows hold no control (a preview of text) and that scrolls sideways on a narrow
 * tablet must be reachable by the keyboard, or its hidden columns are out of reach without a
 * pointer (docs/ui-touch.md; axe-core's scrollable-region-focusable). Radix Themes' Table.Root
 * scrolls inside its own scroll area's viewport, which takes no props: this gives that viewport a
 * tab stop and a name once it is drawn.
 */
import { useEffect, useRef } from 'react';

export function useKeyboardScroll<T extends HTMLElement>(label: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const viewport = ref.current?.querySelector<HTMLElement>('.rt-ScrollAreaViewport');
    if (!viewport) return;
    viewport.tabIndex = 0;
    viewport.setAttribute('role', 'region');
    viewport.setAttribute('aria-label', label);
  });
  return ref;
}
