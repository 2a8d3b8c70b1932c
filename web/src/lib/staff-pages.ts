import { STAFF_ROLE_LABELS, may, type Permission, type StaffRole, type UserInfo } from '@rr/core';
import { matchPath } from 'react-router';

/**
 * Issue 29: every admin page and the permission that opens it, asked of core's `may` (decision 0044):
 * the admin menu lists the pages a role opens, the staff gate refuses the others, and a staff member
 * lands on the first one their role opens. Each permission is the one the page's own data asks of the
 * server (the dashboard reads the books, so it is `accounts`). Pages with a label are in the menu, in
 * this order.
 */
export const ADMIN_PAGES: readonly { path: string; permission: Permission; label?: string }[] = [
  { path: '/admin', permission: 'accounts', label: 'Dashboard' },
  { path: '/admin/orderlist', permission: 'orders.read', label: 'Orders' },
  { path: '/admin/returns', permission: 'orders.read', label: 'Returns' },
  { path: '/admin/productlist', permission: 'catalog', label: 'Products' },
  { path: '/admin/productlist/:pageNumber', permission: 'catalog' },
  { path: '/admin/product/:id/edit', permission: 'catalog' },
  { path: '/admin/categories', permission: 'catalog', label: 'Categories & GST' },
  { path: '/admin/import', permission: 'catalog', label: 'Catalog import' },
  { path: '/admin/search-synonyms', permission: 'catalog', label: 'Search synonyms' },
  { path: '/admin/coupons', permission: 'offers', label: 'Coupons' },
  { path: '/admin/coupons/new', permission: 'offers' },
  { path: '/admin/coupons/:id/edit', permission: 'offers' },
  { path: '/admin/sales', permission: 'offers', label: 'Sales' },
  { path: '/admin/sales/new', permission: 'offers' },
  { path: '/admin/sales/:id/edit', permission: 'offers' },
  { path: '/admin/userlist', permission: 'customers.read', label: 'Users' },
  { path: '/admin/user/:id/edit', permission: 'customers.read' },
  { path: '/admin/shipping', permission: 'settings', label: 'Shipping' },
  { path: '/admin/audit', permission: 'audit', label: 'Audit log' },
];

/** The signed-in user's role (null: a customer, or no one signed in). */
export function roleOf(user: Pick<UserInfo, 'role'> | null | undefined): StaffRole | null {
  return user?.role ?? null;
}

/** The permission an admin page asks for; null for a path that is no admin page (the 404 shows). */
export function pagePermission(pathname: string): Permission | null {
  return ADMIN_PAGES.find((page) => matchPath(page.path, pathname))?.permission ?? null;
}

/** Whether this role opens the admin page at `pathname` (one that is no admin page: yes, it is a 404). */
export function mayOpen(role: StaffRole | null, pathname: string): boolean {
  const permission = pagePermission(pathname);
  return permission === null || may(role, permission);
}

/** The menu's admin pages this role opens, in the menu's order. */
export function menuPages(role: StaffRole | null): { to: string; label: string }[] {
  return ADMIN_PAGES.flatMap((page) =>
    page.label && may(role, page.permission) ? [{ to: page.path, label: page.label }] : [],
  );
}

/**
 * Where a staff member lands after signing in: the dashboard when the role reads it, else the first
 * page of the menu (the packer's is the order list); null for a customer (the home page).
 */
export function staffHome(role: StaffRole | null): string | null {
  if (!role) return null;
  return menuPages(role)[0]?.to ?? '/profile';
}

/**
 * What a signed-in user's role may do, asked of core's permission table (the one the server's routes
 * ask), so a screen shows only the buttons that would work. A customer may none. Pass `useUserInfo()`.
 */
export function permissionsOf(user: Pick<UserInfo, 'role'> | null | undefined): (permission: Permission) => boolean {
  const role = roleOf(user);
  return (permission) => may(role, permission);
}

/** "Orders and packing": the role as the team calls it. */
export function roleLabel(role: StaffRole | null): string {
  return role ? STAFF_ROLE_LABELS[role] : 'Customer';
}
