// The catalog feature's public face: other features and app/ import only what is here.
import { lazy } from 'react';

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
// The server-rendered pages load with the app: a lazy one would hydrate only once its code came, and an
// update before then (the cart count, the signed-in name) makes React render it afresh, moving the page.
export { HomePage } from './pages/home-page.tsx';
export { CategoryPage, SearchPage } from './pages/listing-page.tsx';
export { ProductPage } from './pages/product-page.tsx';

/** Loaded on first visit, keeping it out of the home page's JavaScript. */
export const WishlistPage = lazy(() => import('./pages/wishlist-page.tsx').then((m) => ({ default: m.WishlistPage })));

export const CategoriesPage = lazy(() =>
  import('./pages/categories-page.tsx').then((m) => ({ default: m.CategoriesPage })),
);
