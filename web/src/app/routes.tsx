import { isValidElement, lazy } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import {
  AddressesPage,
  LoginPage,
  RegisterPage,
  RequireAdmin,
  RequireSignIn,
  VerifyOtpPage,
} from '../features/account/index.ts';
import {
  AuditPage,
  CatalogImportPage,
  CategoryListPage,
  CouponEditPage,
  CouponListPage,
  DashboardPage,
  ProductEditPage,
  ProductListPage,
  ReturnsPage,
  SaleEditPage,
  SaleListPage,
  SearchSynonymsPage,
  ShippingSettingsPage,
  UserEditPage,
  UserListPage,
} from '../features/admin/index.ts';
import { CartPage } from '../features/cart/index.ts';
import {
  CategoriesPage,
  CategoryPage,
  HomePage,
  ProductPage,
  SalePage,
  SearchPage,
  WishlistPage,
} from '../features/catalog/index.ts';
import { PaymentPage, PlaceOrderPage, ShippingPage } from '../features/checkout/index.ts';
import { contentPages } from '../features/content/index.ts';
import { OrderListPage, OrderPage } from '../features/orders/index.ts';
import { TextArea } from '../i18n/index.tsx';
import type { LazyPage } from '../lib/lazy-page.ts';
import { Layout } from './layout.tsx';

// Features' own pages load lazily from their index.ts; this one combines two features, so it is here.
const ProfilePage = lazy(() => import('./pages/profile-page.tsx').then((m) => ({ default: m.ProfilePage })));

/**
 * The storefront's pages the server renders with their data (issue 30). A route of the table names its
 * page in `handle.page`; what that page needs and what its head says are in page-data.ts under that
 * name (server-only, so none of it weighs on the browser's JavaScript). A route without one (the cart,
 * the account, admin) is rendered by the browser.
 */
export type StorefrontPageName = 'home' | 'search' | 'category' | 'sale' | 'product' | 'content' | 'not-found';

/** The route's `handle`: which storefront page it is. */
export interface StorefrontHandle {
  page: StorefrontPageName;
}

const page = (name: StorefrontPageName): { handle: StorefrontHandle } => ({ handle: { page: name } });

/**
 * The one route table: the browser's (useRoutes, below) and the server rendering's (entry-server.tsx
 * matches an address against it and takes the page's data and head from page-data.ts).
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage />, ...page('home') },
      { path: '/page/:pageNumber', element: <HomePage />, ...page('home') },
      { path: '/search/:keyword', element: <SearchPage />, ...page('search') },
      { path: '/search/:keyword/page/:pageNumber', element: <SearchPage />, ...page('search') },
      { path: '/categories', element: <CategoriesPage /> },
      { path: '/category/:category', element: <CategoryPage />, ...page('category') },
      { path: '/sale/:id', element: <SalePage />, ...page('sale') },
      { path: '/product/:id', element: <ProductPage />, ...page('product') },
      // The cart, the account, checkout, orders and the back office: with the account's texts.
      {
        element: <TextArea area="account" />,
        children: [
          { path: '/cart/:id?', element: <CartPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/register', element: <RegisterPage /> },
          { path: '/verifyotp', element: <VerifyOtpPage /> },
          {
            element: <RequireSignIn />,
            children: [
              { path: '/profile', element: <ProfilePage /> },
              { path: '/profile/addresses', element: <AddressesPage /> },
              { path: '/wishlist', element: <WishlistPage /> },
              { path: '/shipping', element: <ShippingPage /> },
              { path: '/payment', element: <PaymentPage /> },
              { path: '/placeorder', element: <PlaceOrderPage /> },
              { path: '/order/:id', element: <OrderPage /> },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              { path: '/admin', element: <DashboardPage /> },
              { path: '/admin/import', element: <CatalogImportPage /> },
              { path: '/admin/userlist', element: <UserListPage /> },
              { path: '/admin/user/:id/edit', element: <UserEditPage /> },
              { path: '/admin/productlist', element: <ProductListPage /> },
              { path: '/admin/productlist/:pageNumber', element: <ProductListPage /> },
              { path: '/admin/product/:id/edit', element: <ProductEditPage /> },
              { path: '/admin/orderlist', element: <OrderListPage /> },
              { path: '/admin/categories', element: <CategoryListPage /> },
              { path: '/admin/search-synonyms', element: <SearchSynonymsPage /> },
              { path: '/admin/coupons', element: <CouponListPage /> },
              { path: '/admin/coupons/new', element: <CouponEditPage /> },
              { path: '/admin/coupons/:id/edit', element: <CouponEditPage /> },
              { path: '/admin/sales', element: <SaleListPage /> },
              { path: '/admin/sales/new', element: <SaleEditPage /> },
              { path: '/admin/sales/:id/edit', element: <SaleEditPage /> },
              { path: '/admin/shipping', element: <ShippingSettingsPage /> },
              { path: '/admin/returns', element: <ReturnsPage /> },
              { path: '/admin/audit', element: <AuditPage /> },
            ],
          },
        ],
      },
      ...contentPages.map(({ path, Component }) => ({ path, element: <Component />, ...page('content') })),
      // Any other path: the 404 page, which the server sends with a 404 status so that search engines
      // do not take it for a page of the shop (SPEC §2).
      { path: '*', element: <NotFoundPage />, ...page('not-found') },
    ],
  },
];

/**
 * The routes, in React Router's declarative mode. Its data router (a loader and meta per route) runs on
 * Preact too, but adds 16 KiB (gzipped) to the home page's JavaScript (decision 0046): the server
 * rendering reads each page's data and head from page-data.ts instead.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Starts loading the code of the lazy pages (`lazyPage`) the route table shows at `path` (a path without
 * the /hi of a Hindi page), resolving when it has come: main.tsx waits for it before hydrating the
 * server's HTML, so that the page hydrates with the rest.
 */
export function loadPagesAt(path: string): Promise<unknown> {
  return Promise.all(
    (matchRoutes(routes, path) ?? []).map(({ route }) => {
      const type: unknown = isValidElement(route.element) ? route.element.type : null;
      return typeof type === 'function' && 'load' in type ? (type as LazyPage<object>).load() : null;
    }),
  );
}
