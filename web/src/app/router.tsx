import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { RequireAdmin, RequireSignIn } from '../features/account/guards.tsx';
import { CartPage } from '../features/cart/pages/cart-page.tsx';
import { CategoriesPage } from '../features/catalog/pages/categories-page.tsx';
import { HomePage } from '../features/catalog/pages/home-page.tsx';
import { CategoryPage, SearchPage } from '../features/catalog/pages/listing-page.tsx';
import { ProductPage } from '../features/catalog/pages/product-page.tsx';
import { contentPages } from '../features/content/index.ts';
import { Layout } from './layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';

// Account and admin pages load on first visit, keeping them out of the home page's JavaScript.
const LoginPage = lazy(() =>
  import('../features/account/pages/login-page.tsx').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/account/pages/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
);
const VerifyOtpPage = lazy(() =>
  import('../features/account/pages/verify-otp-page.tsx').then((m) => ({ default: m.VerifyOtpPage })),
);
const ProfilePage = lazy(() =>
  import('../features/account/pages/profile-page.tsx').then((m) => ({ default: m.ProfilePage })),
);
const UserListPage = lazy(() =>
  import('../features/admin/pages/user-list-page.tsx').then((m) => ({ default: m.UserListPage })),
);
const UserEditPage = lazy(() =>
  import('../features/admin/pages/user-edit-page.tsx').then((m) => ({ default: m.UserEditPage })),
);
const ProductListPage = lazy(() =>
  import('../features/admin/pages/product-list-page.tsx').then((m) => ({ default: m.ProductListPage })),
);
const ProductEditPage = lazy(() =>
  import('../features/admin/pages/product-edit-page.tsx').then((m) => ({ default: m.ProductEditPage })),
);
const CategoryListPage = lazy(() =>
  import('../features/admin/pages/category-list-page.tsx').then((m) => ({ default: m.CategoryListPage })),
);
const ShippingPage = lazy(() =>
  import('../features/checkout/pages/shipping-page.tsx').then((m) => ({ default: m.ShippingPage })),
);
const PaymentPage = lazy(() =>
  import('../features/checkout/pages/payment-page.tsx').then((m) => ({ default: m.PaymentPage })),
);
const PlaceOrderPage = lazy(() =>
  import('../features/checkout/pages/place-order-page.tsx').then((m) => ({ default: m.PlaceOrderPage })),
);
const OrderPage = lazy(() => import('../features/orders/pages/order-page.tsx').then((m) => ({ default: m.OrderPage })));
const OrderListPage = lazy(() =>
  import('../features/orders/pages/order-list-page.tsx').then((m) => ({ default: m.OrderListPage })),
);

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
          { path: '/shipping', element: <ShippingPage /> },
          { path: '/payment', element: <PaymentPage /> },
          { path: '/placeorder', element: <PlaceOrderPage /> },
          { path: '/order/:id', element: <OrderPage /> },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          { path: '/admin/userlist', element: <UserListPage /> },
          { path: '/admin/user/:id/edit', element: <UserEditPage /> },
          { path: '/admin/productlist', element: <ProductListPage /> },
          { path: '/admin/productlist/:pageNumber', element: <ProductListPage /> },
          { path: '/admin/product/:id/edit', element: <ProductEditPage /> },
          { path: '/admin/orderlist', element: <OrderListPage /> },
          { path: '/admin/categories', element: <CategoryListPage /> },
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
