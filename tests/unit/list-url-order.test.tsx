// @vitest-environment jsdom
/**
 * useListUrl writes a view changed on the screen to the address after the list's own effects of
 * the same commit: the filter call starts first (docs/product-list.md "Speed"). The address still
 * follows every change, the last one wins, and nothing is written once the page was left.
 */
import { act, cleanup, render } from '@testing-library/react';
import { createStore, Provider, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { productListViewAtom } from '../../src/app/features/products/product-list-state';
import { toSearchString, type ListView } from '../../src/app/features/products/product-list-view';
import { useListUrl } from '../../src/app/features/products/use-list-url';

describe('useListUrl', () => {
  let log: string[];
  let store: ReturnType<typeof createStore>;
  let router: ReturnType<typeof createBrowserRouter>;

  /** The list page's shape: the address hook first, then the load of the view (here: a note of it). */
  function ListPage() {
    useListUrl();
    const view = useAtomValue(productListViewAtom);
    const search = toSearchString(view);
    useEffect(() => {
      log.push(`load ${search} while the address is ${window.location.search}`);
      // Another effect of the same commit leaving the page at once (the address changes in this task).
      if (view.filters.searchValue === 'leave') window.history.pushState(null, '', '/dashboard');
    }, [search, view.filters.searchValue]);
    return null;
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
  afterEach(() => cleanup());

  const withSearch = (value: string): ListView => {
    const view = store.get(productListViewAtom);
    return { ...view, filters: { ...view.filters, searchValue: value } };
  };

  it('starts the view\'s load before the address changes, then writes the address', async () => {
    const boot = toSearchString(withSearch('boot'));
    expect(boot).toBe('?keyword=boot');
    await act(async () => store.set(productListViewAtom, withSearch('boot')));
    expect(log.at(-1)).toBe(`load ${boot} while the address is `);
    expect(window.location.search).toBe(boot);
    expect(router.state.location.search).toBe(boot);
  });

  it('ends on the last of several changes', async () => {
    await act(async () => {
      store.set(productListViewAtom, withSearch('boot'));
      store.set(productListViewAtom, withSearch('sneaker'));
    });
    await act(async () => store.set(productListViewAtom, withSearch('planter')));
    expect(window.location.search).toBe(toSearchString(withSearch('planter')));
  });

  it('writes nothing once an effect of the same commit has left the page', async () => {
    await act(async () => store.set(productListViewAtom, withSearch('leave')));
    expect(window.location.pathname).toBe('/dashboard');
  });
});
