// @vitest-environment jsdom
import { Theme } from '@radix-ui/themes';
import { cleanup, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/shared/messages';
import { LoadFailureBoundary } from '../../src/app/ui/LoadFailureBoundary';
import { dutchPack } from '../../src/app/i18n/dutch-pack';
import { packAtom } from '../../src/app/i18n/language';

afterEach(cleanup);

const Unloadable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

function Screen({ path }: { path: string }) {
  return (
    <Theme>
      <p>Top bar stays</p>
      <LoadFailureBoundary resetKey={path}>
        <Suspense fallback={<p>{messages.loading}</p>}>{path === '/products' ? <Unloadable /> : <p>Dashboard</p>}</Suspense>
      </LoadFailureBoundary>
    </Theme>
  );
}

describe('a screen whose code cannot be loaded', () => {
  it('says so and keeps the rest of the app, and another screen shows again after navigating', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(<Screen path="/products" />);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining(messages.app.loadFailed));
    expect(screen.getByText('Top bar stays')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();

    rerender(<Screen path="/dashboard" />);
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    quiet.mockRestore();
  });
});

describe('a screen whose code cannot be loaded, on a Dutch tablet', () => {
  it('says so in Dutch, with a Dutch button', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = createStore();
    store.set(packAtom, dutchPack);
    render(
      <Provider store={store}>
        <Screen path="/products" />
      </Provider>,
    );
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Dit deel van de app kon niet worden geladen.'));
    expect(screen.getByRole('button', { name: 'Opnieuw laden' })).toBeTruthy();
    quiet.mockRestore();
  });
});
