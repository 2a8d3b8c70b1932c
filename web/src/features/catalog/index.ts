// The catalog feature's public face: other features and app/ import only what is here.
import { lazy } from 'react';
import { lazyPage } from '../../lib/lazy-page.ts';

export {
  catalogKeys,
  useCategories,
  useCreateProduct,
  useDeleteProduct,
  useProduct,
  useProducts,
  useUpdateCategory,
  useUpdateProduct,
  useUploadCertificate,
  useUploadImage,
  type ProductQuery,
} from './api.ts';
export { filtersFrom } from './listing-filter-params.ts';
export { parsePageNumber } from './page-number.ts';
export { addOnPicksFrom, cartLineFor, type AddOnPick } from './product-choice.ts';
export { searchKeyword } from './search-keyword.ts';
export { SearchCombobox } from './components/search-combobox.tsx';
// The home page loads with the app. The other server-rendered pages load on first visit, and a visit that
// starts on one loads its code before hydrating (main.tsx, `lazyPage`): a page that suspended while
// hydrating would take over its HTML only once its code came, and an update before then (the cart
// count, the signed-in name) makes React render it afresh, moving the page.
export { HomePage } from './pages/home-page.tsx';
export const CategoryPage = lazyPage(() => import('./pages/listing-page.tsx').then((m) => m.CategoryPage));
export const SalePage = lazyPage(() => import('./pages/listing-page.tsx').then((m) => m.SalePage));
export const SearchPage = lazyPage(() => import('./pages/listing-page.tsx').then((m) => m.SearchPage));
export const ProductPage = lazyPage(() => import('./pages/product-page.tsx').then((m) => m.ProductPage));

/** Loaded on first visit, keeping it out of the home page's JavaScript. */
export const WishlistPage = lazy(() => import('./pages/wishlist-page.tsx').then((m) => ({ default: m.WishlistPage })));

export const CategoriesPage = lazy(() =>
  import('./pages/categories-page.tsx').then((m) => ({ default: m.CategoriesPage })),
);
