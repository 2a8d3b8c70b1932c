// The catalog feature's public face: other features and app/ import only what is here.
export {
  catalogKeys,
  useCategories,
  useCreateProduct,
  useDeleteProduct,
  useProduct,
  useProducts,
  useUpdateCategory,
  useUpdateProduct,
  useUploadImage,
} from './api.ts';
export { parsePageNumber } from './page-number.ts';
export { SearchCombobox } from './components/search-combobox.tsx';
export { CategoriesPage } from './pages/categories-page.tsx';
export { HomePage } from './pages/home-page.tsx';
export { CategoryPage, SearchPage } from './pages/listing-page.tsx';
export { ProductPage } from './pages/product-page.tsx';
