// The admin feature's public face: its pages, each loaded on first visit.
import { lazy } from 'react';

export const UserListPage = lazy(() => import('./pages/user-list-page.tsx').then((m) => ({ default: m.UserListPage })));
export const UserEditPage = lazy(() => import('./pages/user-edit-page.tsx').then((m) => ({ default: m.UserEditPage })));
export const ProductListPage = lazy(() =>
  import('./pages/product-list-page.tsx').then((m) => ({ default: m.ProductListPage })),
);
export const ProductEditPage = lazy(() =>
  import('./pages/product-edit-page.tsx').then((m) => ({ default: m.ProductEditPage })),
);
export const CategoryListPage = lazy(() =>
  import('./pages/category-list-page.tsx').then((m) => ({ default: m.CategoryListPage })),
);
// Issue 15, the owner's desk.
export const DashboardPage = lazy(() =>
  import('./desk/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
export const CatalogImportPage = lazy(() =>
  import('./desk/catalog-import-page.tsx').then((m) => ({ default: m.CatalogImportPage })),
);
export const SearchSynonymsPage = lazy(() =>
  import('./pages/search-synonyms-page.tsx').then((m) => ({ default: m.SearchSynonymsPage })),
);
// Issue 26, festival offers.
export const CouponListPage = lazy(() =>
  import('./offers/coupon-pages.tsx').then((m) => ({ default: m.CouponListPage })),
);
export const CouponEditPage = lazy(() =>
  import('./offers/coupon-pages.tsx').then((m) => ({ default: m.CouponEditPage })),
);
export const SaleListPage = lazy(() => import('./offers/sale-pages.tsx').then((m) => ({ default: m.SaleListPage })));
export const SaleEditPage = lazy(() => import('./offers/sale-pages.tsx').then((m) => ({ default: m.SaleEditPage })));
// Issue 27, shipping and Cash on Delivery.
export const ShippingSettingsPage = lazy(() =>
  import('./shipping/shipping-page.tsx').then((m) => ({ default: m.ShippingPage })),
);
// Issue 28, after the sale.
export const ReturnsPage = lazy(() => import('./returns/returns-page.tsx').then((m) => ({ default: m.ReturnsPage })));
export { useOpenReturnCount } from './returns/returns-api.ts';
// Issue 29, the audit log.
export const AuditPage = lazy(() => import('./audit/audit-page.tsx').then((m) => ({ default: m.AuditPage })));
