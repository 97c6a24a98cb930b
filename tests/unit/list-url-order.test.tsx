// @vitest-environment jsdom
/**
 * useListUrl writes a view changed on the screen to the address once the list shows that view
 * (its answer painted), or ADDRESS_LAG_MS after the change when the answer is slower; the filter
 * call and the rows go first (docs/product-list.md "Speed"). The address still follows every change,
 * the last one wins, a tap on a link while a write waits writes it before the link leaves, an
 * address from outside wins over a waiting write, and nothing is written once the page was left.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { atom, createStore, Provider, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { productListViewAtom } from '../../src/app/features/products/product-list-state';
import { toSearchString, type ListView } from '../../src/app/features/products/product-list-view';
import { ADDRESS_LAG_MS, useListUrl } from '../../src/app/features/products/use-list-url';

/** Whether the list shows the view's answer (the page's `!busy`). */
const settledAtom = atom(false);

describe('useListUrl', () => {
  let log: string[];
  let store: ReturnType<typeof createStore>;
  let router: ReturnType<typeof createBrowserRouter>;

  /** The list page's shape: the address hook, then the load of the view (here: a note of it). */
  function ListPage() {
    useListUrl(useAtomValue(settledAtom));
    const view = useAtomValue(productListViewAtom);
    const search = toSearchString(view);
    const navigate = useNavigate();
    useEffect(() => {
      log.push(`load ${search} while the address is ${window.location.search}`);
      // Another effect of the same commit leaving the page at once (the address changes in this task).
      if (view.filters.searchValue === 'leave') window.history.pushState(null, '', '/dashboard');
    }, [search, view.filters.searchValue]);
    return (
      <a
        href="/dashboard"
        onClick={(event) => {
          event.preventDefault();
          log.push(`link leaves from ${window.location.search}`);
          void navigate('/dashboard');
        }}
      >
        A product
      </a>
    );
  }

  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/products');
    log = [];
    store = createStore();
    router = createBrowserRouter([
      { path: '/products', element: <ListPage /> },
      { path: '/dashboard', element: <p>Dashboard</p> },
    ]);
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const withSearch = (value: string): ListView => {
    const view = store.get(productListViewAtom);
    return { ...view, filters: { ...view.filters, searchValue: value } };
  };
  /** The list shows the answer: the address follows after the frame (jsdom paints none: at most 250 ms). */
  const settle = async () => {
    await act(async () => store.set(settledAtom, true));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 300)));
  };

  it('starts the view\'s load first and writes the address once the list shows the view', async () => {
    const boot = toSearchString(withSearch('boot'));
    expect(boot).toBe('?keyword=boot');
    await act(async () => store.set(productListViewAtom, withSearch('boot')));
    expect(log.at(-1)).toBe(`load ${boot} while the address is `);
    expect(window.location.search).toBe('');
    await settle();
    expect(window.location.search).toBe(boot);
    expect(router.state.location.search).toBe(boot);
  });

  it(`writes the address ${ADDRESS_LAG_MS} ms after the change when the answer is slower`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => store.set(productListViewAtom, withSearch('boot')));
    await act(async () => vi.advanceTimersByTime(ADDRESS_LAG_MS - 10));
    expect(window.location.search).toBe('');
    await act(async () => vi.advanceTimersByTime(10));
    expect(window.location.search).toBe('?keyword=boot');
    expect(router.state.location.search).toBe('?keyword=boot');
  });

  it('ends on the last of several changes', async () => {
    await act(async () => {
      store.set(productListViewAtom, withSearch('boot'));
      store.set(productListViewAtom, withSearch('sneaker'));
    });
    await act(async () => store.set(productListViewAtom, withSearch('planter')));
    await settle();
    expect(window.location.search).toBe(toSearchString(withSearch('planter')));
  });

  it('writes a waiting address before a link leaves the list, so coming back shows the view left', async () => {
    await act(async () => store.set(productListViewAtom, withSearch('boot')));
    await settle();
    await act(async () => store.set(settledAtom, false));
    await act(async () => store.set(productListViewAtom, withSearch('sneaker')));
    expect(window.location.search).toBe('?keyword=boot');
    await act(async () => {
      fireEvent.click(screen.getByText('A product'));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(log.at(-1)).toBe('link leaves from ?keyword=sneaker');
    expect(window.location.pathname).toBe('/dashboard');
    // Back: the entry the list was in holds the view it showed, not the one before it.
    await act(async () => router.navigate(-1));
    expect(window.location.search).toBe('?keyword=sneaker');
    expect(store.get(productListViewAtom).filters.searchValue).toBe('sneaker');
  });

  it('lets an address from outside win over a write still waiting', async () => {
    await act(async () => store.set(productListViewAtom, withSearch('boot')));
    await act(async () => router.navigate('/products?keyword=planter'));
    await settle();
    expect(window.location.search).toBe('?keyword=planter');
    expect(store.get(productListViewAtom).filters.searchValue).toBe('planter');
  });

  it('writes nothing once an effect of the same commit has left the page', async () => {
    await act(async () => store.set(productListViewAtom, withSearch('leave')));
    await settle();
    expect(window.location.pathname).toBe('/dashboard');
  });
});
