import type { ReturnAction } from './contract/after-sale.ts';

/**
 * Issue 29: the shop's team. A staff member has one role; a role is a set of permissions; every staff
 * route asks for one permission and the admin screens show only what the signed-in role may do. This
 * table is the only place that says who may do what (decision 0044).
 */

/** The roles, most powerful first. A customer has none (null). */
export const STAFF_ROLES = ['owner', 'manager', 'catalog', 'orders', 'accounts', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  catalog: 'Catalog',
  orders: 'Orders and packing',
  accounts: 'Accounts',
  support: 'Support',
};

export const STAFF_ROLE_SUMMARIES: Record<StaffRole, string> = {
  owner: 'Everything, including the team, settings and the audit log.',
  manager: 'Catalog, orders, offers, returns and refunds.',
  catalog: 'Products, categories and GST rates, pictures, imports.',
  orders: 'Packing list, shipping, deliveries, returns received.',
  accounts: 'GST register, invoices, orders CSV, refunds, the dashboard.',
  support: 'Reads orders and customers, resends messages, opens returns.',
};

/**
 * What a route may ask for. Reading an order or a customer is separate from changing one, so the
 * packer and the support desk see what they need without the rights that move money or prices.
 */
export const PERMISSIONS = [
  /** Products (drafts, prices, stock), categories and GST rates, pictures, synonyms, catalog CSV. */
  'catalog',
  /** Coupons and sales. */
  'offers',
  /** Every order, its invoice and credit notes, the returns queue. */
  'orders.read',
  /** Ship, deliver, labels and courier bookings, returned parcels received. */
  'orders.ship',
  /** Cancel a customer's order. */
  'orders.cancel',
  /** Decide returns: approve, reject, replace. */
  'returns',
  /** Open a return for a customer who asked by phone, and ask them for more information. */
  'returns.open',
  /** Money back and store credit: refunds and their retries, marking an order paid, granting credit. */
  'refunds',
  /** The books: GST register, orders CSV, the dashboard. */
  'accounts',
  /** The customer list, a customer's details and store credit. */
  'customers.read',
  /** A customer's name and e-mail. */
  'customers.write',
  /** An order's messages to its customer, sent again. */
  'messages',
  /** The team: roles, removing accounts, ending a staff member's sessions. */
  'staff',
  /** Shop settings: low-stock threshold, shipping, COD and couriers. */
  'settings',
  /** The audit log and its check. */
  'audit',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: [
    'catalog',
    'offers',
    'orders.read',
    'orders.ship',
    'orders.cancel',
    'returns',
    'returns.open',
    'refunds',
    'customers.read',
    'customers.write',
    'messages',
  ],
  catalog: ['catalog'],
  orders: ['orders.read', 'orders.ship'],
  accounts: ['orders.read', 'refunds', 'accounts', 'customers.read'],
  support: ['orders.read', 'returns.open', 'customers.read', 'customers.write', 'messages'],
};

const granted = new Map(STAFF_ROLES.map((role) => [role, new Set(ROLE_PERMISSIONS[role])]));

/** Whether a user of this role (null: a customer) may do what the permission covers. */
export function may(role: StaffRole | null | undefined, permission: Permission): boolean {
  return role ? (granted.get(role)?.has(permission) ?? false) : false;
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * What each move of a return asks of a staff member. The customer who asked for the return may always
 * reply; support may reply for a customer who answered by phone.
 */
export const RETURN_ACTION_PERMISSIONS: Record<ReturnAction, Permission> = {
  approve: 'returns',
  reject: 'returns',
  replace: 'returns',
  more_info: 'returns.open',
  reply: 'returns.open',
  received: 'orders.ship',
  refund: 'refunds',
  credit: 'refunds',
};
