import { describe, expect, it, vi } from 'vitest';
import { CategoryPage, ProductPage, SearchPage } from '../features/catalog/index.ts';
import { loadPagesAt } from './routes.tsx';

const lazyPages = { ProductPage, CategoryPage, SearchPage };

/** Which of the lazy storefront pages `loadPagesAt(path)` started loading (their loads stubbed). */
async function loadedAt(path: string): Promise<string[]> {
  const loads = Object.entries(lazyPages).map(
    ([name, page]) => [name, vi.spyOn(page, 'load').mockResolvedValue(undefined)] as const,
  );
  await loadPagesAt(path);
  const started = loads.filter(([, load]) => load.mock.calls.length > 0).map(([name]) => name);
  vi.restoreAllMocks();
  return started;
}

describe('loadPagesAt: the code main.tsx loads before hydrating a server-rendered page', () => {
  it("loads the page of the route at the address, so that it hydrates in the page's one pass", async () => {
    expect(await loadedAt('/product/6d1c8f4e-0a47-4d1e-9a7e-2b8f0c3d5e61')).toEqual(['ProductPage']);
    expect(await loadedAt('/category/gems')).toEqual(['CategoryPage']);
    expect(await loadedAt('/search/neelam/page/2')).toEqual(['SearchPage']);
  });

  it('loads none of them for the home page (it comes with the app) or a page the browser renders', async () => {
    expect(await loadedAt('/')).toEqual([]);
    expect(await loadedAt('/cart')).toEqual([]);
  });
});
