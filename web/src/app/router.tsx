import { createBrowserRouter } from 'react-router';
import { CartPage } from '../features/cart/pages/cart-page.tsx';
import { CategoriesPage } from '../features/catalog/pages/categories-page.tsx';
import { HomePage } from '../features/catalog/pages/home-page.tsx';
import { CategoryPage, SearchPage } from '../features/catalog/pages/listing-page.tsx';
import { ProductPage } from '../features/catalog/pages/product-page.tsx';
import { contentPages } from '../features/content/index.ts';
import { Layout } from './layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/page/:pageNumber', element: <HomePage /> },
      { path: '/search/:keyword', element: <SearchPage /> },
      { path: '/search/:keyword/page/:pageNumber', element: <SearchPage /> },
      { path: '/categories', element: <CategoriesPage /> },
      { path: '/category/:category', element: <CategoryPage /> },
      { path: '/product/:id', element: <ProductPage /> },
      { path: '/cart/:id?', element: <CartPage /> },
      ...contentPages.map(({ path, Component }) => ({ path, element: <Component /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
