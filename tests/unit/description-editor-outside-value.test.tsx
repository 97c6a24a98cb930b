// @vitest-environment jsdom
/**
 * The Description editor follows a value set from outside (a conflict settled with "take theirs",
 * a restored history entry), and does not reload what it reported itself.
 */
import { Theme } from '@radix-ui/themes';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import DescriptionEditor from '../../src/app/ui/rich-text/DescriptionEditor';

afterEach(cleanup);

// jsdom has no ResizeObserver; the toolbar's Radix parts only need it to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

let setFromOutside: (html: string) => void = () => undefined;
const reports: string[] = [];

function Form({ initial }: { initial: string }) {
  const [html, setHtml] = useState(initial);
  setFromOutside = setHtml;
  return (
    <Theme>
      <span id="label">Description</span>
      <DescriptionEditor
        html={html}
        labelId="label"
        onChange={(next) => {
          reports.push(next);
          setHtml(next);
        }}
      />
    </Theme>
  );
}

const shown = () => screen.getByTestId('description-editor').textContent;

describe('the Description editor', () => {
  it('shows a value set from outside at once', async () => {
    render(<Form initial="<p>Mine: sand cast iron</p>" />);
    await act(async () => undefined);
    expect(shown()).toBe('Mine: sand cast iron');

    await act(async () => setFromOutside('<p>Theirs: <strong>moss</strong> green</p>'));
    expect(shown()).toBe('Theirs: moss green');

    await act(async () => setFromOutside(''));
    expect(shown()).toBe('');
  });

  it('keeps its own text when the value it reported comes back', async () => {
    reports.length = 0;
    render(<Form initial="<p>Typed here</p>" />);
    await act(async () => undefined);
    await act(async () => setFromOutside('<p>Typed here</p>'));
    expect(shown()).toBe('Typed here');
    // The outside change reloaded nothing, so the editor reported no new value either.
    expect(reports).toEqual([]);
  });
});
