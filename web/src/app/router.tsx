import { lazy } from 'react';
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
  SearchPage,
  WishlistPage,
} from '../features/catalog/index.ts';
import { PaymentPage, PlaceOrderPage, ShippingPage } from '../features/checkout/index.ts';
import { contentPages } from '../features/content/index.ts';
import { OrderListPage, OrderPage } from '../features/orders/index.ts';
import { Layout } from './layout.tsx';

// Features' own pages load lazily from their index.ts; this one combines two features, so it is here.
const ProfilePage = lazy(() => import('./pages/profile-page.tsx').then((m) => ({ default: m.ProfilePage })));

const routes: RouteObject[] = [
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
      ...contentPages.map(({ path, Component }) => ({ path, element: <Component /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The routes, in React Router's declarative mode: the shop uses no loaders or actions, and the data
 * router they need would add about 17 KiB (gzipped) to every page's JavaScript.
 */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Whether `pathname` is one of the shop's pages (SPEC §2); any other path shows the 404 page, which the
 * server sends with a 404 status so that search engines do not take it for a page of the shop.
 */
export function isShopPath(pathname: string): boolean {
  const matched = matchRoutes(routes, pathname);
  return matched !== null && matched[matched.length - 1]?.route.path !== '*';
}
