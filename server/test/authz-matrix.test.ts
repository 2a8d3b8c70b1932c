/**
 * The authorisation matrix (issue 29: role x route): for every route the app registers, what a visitor,
 * a customer, another customer (who does not own the resource) and each staff role get, with real
 * resources (an order and a payment of the customer's, drafts, other users). Each row states who the
 * route is for and the status of a permitted call; what every column gets follows from core's
 * permission table. A route without a row fails the test, so a new route cannot ship without its row;
 * a row without a route fails too.
 */
import { AUTH_MESSAGES, STAFF_ROLE_LABELS, isStaffRole, may, type Permission, type StaffRole } from '@rr/core';
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_COURIER_WEBHOOK_TOKEN } from '../src/adapters/courier/index.ts';
import { webhookSignature } from '../src/adapters/payments/index.ts';
import { whatsappSignature } from '../src/adapters/whatsapp/index.ts';
import { products as productsTable, users as usersTable } from '../src/db/schema/index.ts';
import { TOKEN_ISSUER } from '../src/modules/accounts/tokens.ts';
import { databaseFileStore } from '../src/modules/uploads/database-file-store.ts';
import { namedFile } from '../src/modules/uploads/file-store.ts';
import { DEMO_ADMIN, bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

/** The staff roles in the order they are tried: the owner last, so an owner's change cannot open a door for the others. */
const STAFF: StaffRole[] = ['support', 'accounts', 'catalog', 'orders', 'manager', 'owner'];
type Role = 'visitor' | 'customer' | 'other' | StaffRole;
const ROLES: Role[] = ['visitor', 'customer', 'other', ...STAFF];
type SignedInRole = Exclude<Role, 'visitor'>;

interface Context {
  t: TestApp;
  tokens: Record<SignedInRole, string>;
  phones: Record<Role, string>;
  productId: string;
  /** Out of stock, for back-in-stock alerts. */
  soldOutId: string;
  /** Drafts: one to read, one to update, one to delete. */
  drafts: { read: string; update: string; remove: string };
  /** Placed by the customer; `cancel` one for the customer and one for each staff role that may cancel. */
  orders: { read: string; cancel: Partial<Record<Role, string>>; ship: string; invoiced: string; credited: string };
  /** Pending online payments (gateway order ids): the customer's, and one to pay in the sandbox. */
  holds: { release: string; pay: string };
  /** Customers: one to read, to rename, to make staff, to delete, to sign out everywhere. */
  users: { read: string; update: string; promote: string; remove: string; signOut: string };
  uploadedFile: string;
  /** A search synonym for the staff to delete. */
  synonymId: string;
  /** Issue 26: a coupon and a sale for the staff to change and delete. */
  couponIds: { update: string; remove: string };
  saleIds: { update: string; remove: string };
  /**
   * Issue 28: delivered orders of the customer's: one to return, one with an open return, one with a
   * partial refund (store credit) and its credit note.
   */
  afterSale: {
    returnable: string;
    /** Issue 29: delivered orders (of another customer's) for the staff who may open a return to open one on. */
    returnableFor: Partial<Record<Role, string>>;
    returned: string;
    returnId: string;
    refunded: string;
    refundId: string;
  };
  /** Issue 28: saved addresses of the customer's, one to edit and one to delete. */
  addressIds: { update: string; remove: string };
  /** The customer's claims, signed with the server's key, without an expiry. */
  neverExpiring: string;
  /** Issue 29: a message about the order `orders.read`, to send again. */
  messageId: string;
}

/**
 * Who a route is for: anyone; any signed-in user; the signed-in customer's own resource (another
 * customer is told it does not exist, and so is staff without the permission; null: no staff member
 * reaches it); or the staff whose role grants a permission.
 */
type Access = 'anyone' | 'signed-in' | { own: Permission | null } | Permission;

interface Row {
  /** The request as `role` makes it (without the token: the test adds it). */
  request: (ctx: Context, role: Role) => InjectOptions;
  access: Access;
  /** The status of a call the access lets through. */
  ok: number;
  /**
   * Every permitted staff role gets `ok` (the call makes a resource of each role's own, or changes
   * nothing the next call depends on). Otherwise only the first does, and later ones are only let
   * through (anything but 401 and 403): the resource may be gone.
   */
  repeatable?: boolean;
  /** A status that differs from what the access gives, per role, each said why at the row. */
  except?: Partial<Record<Role, number>>;
  /** The body of this row's 401s when they refuse a sign-in rather than a missing or bad token. */
  signInRefusal?: { message: string; code: string };
}

/** Let through: anything but 401 and 403. */
const PASSED = 'let through';
type Outcome = number | typeof PASSED;

const EVERY_STAFF_ROLE = (status: number) => Object.fromEntries(STAFF.map((role) => [role, status]));

const isPermission = (access: Access): access is Permission =>
  typeof access === 'string' && access !== 'anyone' && access !== 'signed-in';

/** What each role gets of a row (`method`: a read is repeatable). */
function expectedOutcomes(row: Row, method: string): Record<Role, Outcome> {
  const out = {} as Record<Role, Outcome>;
  let first = true;
  for (const role of ROLES) {
    out[role] = row.except?.[role] ?? expectedOf(row, role, first || row.repeatable === true || method === 'GET');
    if (isStaffRole(role) && isPermission(row.access) && may(role, row.access)) first = false;
  }
  return out;
}

/** `exact`: a permitted call gets exactly `ok`, not just let through. */
function expectedOf({ access, ok }: Row, role: Role, exact: boolean): Outcome {
  if (access === 'anyone') return ok;
  if (role === 'visitor') return 401;
  if (access === 'signed-in') return ok;
  if (!isPermission(access)) {
    if (role === 'customer') return ok;
    return isStaffRole(role) && access.own && may(role, access.own) ? ok : 404;
  }
  if (!isStaffRole(role) || !may(role, access)) return 403;
  return exact ? ok : PASSED;
}

/** The refusal a role gets for a call its role does not cover. */
const refusalOf = (role: SignedInRole) =>
  isStaffRole(role)
    ? {
        message: `Your role (${STAFF_ROLE_LABELS[role]}) does not allow this. The shop's owner can change your role.`,
        code: 'ROLE_FORBIDS',
      }
    : { message: AUTH_MESSAGES.notAdmin, code: 'NOT_ADMIN' };

// Ended long ago, so the catalog answers of the other rows do not change.
const matrixSale = {
  name: 'Matrix Sale',
  percentOff: 10,
  categories: ['mala'],
  startsAt: '2021-01-01',
  endsAt: '2021-01-02',
};

const address = { address: '1 Example Road', city: 'Pune', postalCode: '411001', state: 'Maharashtra' };
const savedAddressBody = { ...address, name: 'Matrix Recipient', phone: '9876543210' };
const productBody = {
  name: 'Matrix Test Bead',
  price: 100,
  mrp: 500,
  image: '/images/placeholder-product.svg',
  brand: 'Test',
  category: 'rudraksha',
  description: 'A bead for the authorisation matrix.',
  countInStock: 5,
};
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = 'matrix-boundary';
const imageUpload = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  PNG,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);
const certificateUpload = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="certificate"; filename="c.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  ),
  Buffer.from('%PDF-1.4\n%%EOF\n'),
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);
const WEBHOOK_BODY = JSON.stringify({ event: 'payment.failed', payload: {} });
const WHATSAPP_BODY = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });

const get = (url: string) => (): InjectOptions => ({ method: 'GET', url });

/** One row per registered route (`METHOD /pattern`), a second case after a space and a note in brackets. */
const MATRIX: Record<string, Row> = {
  'GET /livez': { request: get('/livez'), access: 'anyone', ok: 200 },
  'GET /healthz': { request: get('/healthz'), access: 'anyone', ok: 200 },

  // Catalog
  'GET /api/products': { request: get('/api/products?keyword=mukhi'), access: 'anyone', ok: 200 },
  'GET /api/products (drafts included)': { request: get('/api/products?drafts=include'), access: 'catalog', ok: 200 },
  'GET /api/products/bestsellers': { request: get('/api/products/bestsellers'), access: 'anyone', ok: 200 },
  'GET /api/products/:id': { request: (c) => get(`/api/products/${c.productId}`)(), access: 'anyone', ok: 200 },
  'GET /api/products/top': { request: get('/api/products/top'), access: 'anyone', ok: 200 },
  // PRODUCT.md "The contract": a draft opens by its id for anyone (still unlisted and not for sale).
  'GET /api/products/:id (a draft)': {
    request: (c) => get(`/api/products/${c.drafts.read}`)(),
    access: 'anyone',
    ok: 200,
  },
  'POST /api/products': {
    request: () => ({ method: 'POST', url: '/api/products' }),
    access: 'catalog',
    ok: 201,
    repeatable: true,
  },
  'PUT /api/products/:id': {
    request: (c) => ({ method: 'PUT', url: `/api/products/${c.drafts.update}`, payload: productBody }),
    access: 'catalog',
    ok: 200,
    repeatable: true,
  },
  'DELETE /api/products/:id': {
    request: (c) => ({ method: 'DELETE', url: `/api/products/${c.drafts.remove}` }),
    access: 'catalog',
    ok: 200,
  },
  'GET /api/products/facets': {
    request: get('/api/products/facets?keyword=mukhi&minPrice=100'),
    access: 'anyone',
    ok: 200,
  },
  'GET /api/products/suggest': { request: get('/api/products/suggest?q=neelam'), access: 'anyone', ok: 200 },
  'GET /api/admin/search-synonyms': { request: get('/api/admin/search-synonyms'), access: 'catalog', ok: 200 },
  'POST /api/admin/search-synonyms': {
    request: (_c, role) => ({
      method: 'POST',
      url: '/api/admin/search-synonyms',
      payload: { term: `matrix ${role}`, canonical: 'ruby' },
    }),
    access: 'catalog',
    ok: 201,
    repeatable: true,
  },
  'DELETE /api/admin/search-synonyms/:id': {
    request: (c) => ({ method: 'DELETE', url: `/api/admin/search-synonyms/${c.synonymId}` }),
    access: 'catalog',
    ok: 200,
  },
  'GET /api/admin/coupons': { request: get('/api/admin/coupons'), access: 'offers', ok: 200 },
  'POST /api/admin/coupons': {
    request: (_c, role) => ({
      method: 'POST',
      url: '/api/admin/coupons',
      payload: { code: `MATRIX-${role.toUpperCase()}`, percentOff: 10 },
    }),
    access: 'offers',
    ok: 201,
    repeatable: true,
  },
  'PUT /api/admin/coupons/:id': {
    request: (c) => ({ method: 'PUT', url: `/api/admin/coupons/${c.couponIds.update}`, payload: { percentOff: 12 } }),
    access: 'offers',
    ok: 200,
    repeatable: true,
  },
  'DELETE /api/admin/coupons/:id': {
    request: (c) => ({ method: 'DELETE', url: `/api/admin/coupons/${c.couponIds.remove}` }),
    access: 'offers',
    ok: 200,
  },
  'GET /api/admin/sales': { request: get('/api/admin/sales'), access: 'offers', ok: 200 },
  'POST /api/admin/sales': {
    request: () => ({ method: 'POST', url: '/api/admin/sales', payload: matrixSale }),
    access: 'offers',
    ok: 201,
    repeatable: true,
  },
  'PUT /api/admin/sales/:id': {
    request: (c) => ({ method: 'PUT', url: `/api/admin/sales/${c.saleIds.update}`, payload: { percentOff: 12 } }),
    access: 'offers',
    ok: 200,
    repeatable: true,
  },
  'DELETE /api/admin/sales/:id': {
    request: (c) => ({ method: 'DELETE', url: `/api/admin/sales/${c.saleIds.remove}` }),
    access: 'offers',
    ok: 200,
  },
  'GET /api/sales/current': { request: get('/api/sales/current'), access: 'anyone', ok: 200 },
  'GET /api/categories': { request: get('/api/categories'), access: 'anyone', ok: 200 },
  // The code it already has: a save changes nothing the other rows see.
  'PUT /api/categories/:slug': {
    request: () => ({ method: 'PUT', url: '/api/categories/mala', payload: { hsnCode: '7117' } }),
    access: 'catalog',
    ok: 200,
    repeatable: true,
  },
  'POST /api/products/:id/reviews': {
    request: (c, role) => ({
      method: 'POST',
      url: `/api/products/${c.productId}/reviews`,
      payload: { rating: 4, comment: `Reviewed by the ${role}` },
    }),
    access: 'signed-in',
    ok: 201,
  },
  'POST /api/upload': {
    request: () => ({
      method: 'POST',
      url: '/api/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: imageUpload,
    }),
    access: 'catalog',
    ok: 201,
    repeatable: true,
  },
  // Issue 28: any signed-in customer may upload a photo for a review.
  'POST /api/upload/review-photo': {
    request: () => ({
      method: 'POST',
      url: '/api/upload/review-photo',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: imageUpload,
    }),
    access: 'signed-in',
    ok: 201,
  },
  'GET /uploads/:name': { request: (c) => get(`/uploads/${c.uploadedFile}`)(), access: 'anyone', ok: 200 },
  'POST /api/upload/certificate': {
    request: () => ({
      method: 'POST',
      url: '/api/upload/certificate',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: certificateUpload,
    }),
    access: 'catalog',
    ok: 201,
    repeatable: true,
  },
  'GET /certificates/:name': { request: (c) => get(`/certificates/${c.uploadedFile}`)(), access: 'anyone', ok: 200 },
  // A visitor asks with a phone; a signed-in customer on their account's phone.
  'POST /api/products/:id/stock-alert': {
    request: (c, role) => ({
      method: 'POST',
      url: `/api/products/${c.soldOutId}/stock-alert`,
      payload: role === 'visitor' ? { phone: c.phones.visitor } : {},
    }),
    access: 'anyone',
    ok: 200,
  },
  'POST /api/newsletter': {
    request: (_c, role) => ({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: `matrix-${role}@example.in` },
    }),
    access: 'anyone',
    ok: 201,
  },

  // Accounts
  'POST /api/users': {
    request: (_c, role) => ({
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Matrix',
        email: `matrix-new-${role}@example.in`,
        phone: `81234567${ROLES.indexOf(role)}0`,
        password: 'matrix-pass-1',
      },
    }),
    access: 'anyone',
    ok: 201,
  },
  'POST /api/users/loginviapassword': {
    request: () => ({ method: 'POST', url: '/api/users/loginviapassword', payload: DEMO_ADMIN }),
    access: 'anyone',
    ok: 200,
  },
  'POST /api/users/resendOTP': {
    request: (c, role) => ({ method: 'POST', url: '/api/users/resendOTP', payload: { phone: c.phones[role] } }),
    access: 'anyone',
    ok: 200,
  },
  // The original client's way to ask for a code: public (a number without an account is told so).
  'POST /api/users/login': {
    request: () => ({ method: 'POST', url: '/api/users/login', payload: { phone: '6000000001' } }),
    access: 'anyone',
    ok: 404,
  },
  'POST /api/users/verifyotp (a wrong code)': {
    request: (c, role) => ({
      method: 'POST',
      url: '/api/users/verifyotp',
      // Staff sign in with a code only together with the password.
      payload: { phone: c.phones[role], otp: '0000', ...(isStaffRole(role) ? { password: STAFF_PASSWORD } : {}) },
    }),
    // A customer's wrong code is a 400; a staff member's failed code sign-in gets one answer, whatever was wrong.
    access: 'anyone',
    ok: 400,
    except: EVERY_STAFF_ROLE(401),
    signInRefusal: { message: 'The password or the code is not correct.', code: 'BAD_CREDENTIALS' },
  },
  'GET /api/users/profile': { request: get('/api/users/profile'), access: 'signed-in', ok: 200 },
  // Issue 28: each signed-in user's own wishlist (saving is 201 for each of them: a list of their own).
  'GET /api/users/wishlist': { request: get('/api/users/wishlist'), access: 'signed-in', ok: 200 },
  'POST /api/users/wishlist': {
    request: (c) => ({ method: 'POST', url: '/api/users/wishlist', payload: { product: c.productId } }),
    access: 'signed-in',
    ok: 201,
  },
  'PUT /api/users/wishlist': {
    request: (c) => ({ method: 'PUT', url: '/api/users/wishlist', payload: { products: [c.productId] } }),
    access: 'signed-in',
    ok: 200,
  },
  'DELETE /api/users/wishlist/:productId': {
    request: (c) => ({ method: 'DELETE', url: `/api/users/wishlist/${c.productId}` }),
    access: 'signed-in',
    ok: 200,
  },
  'PUT /api/users/profile': {
    // A new password needs the current one (every account here registered with the same).
    request: () => ({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { password: 'matrix-changed-1', currentPassword: STAFF_PASSWORD },
    }),
    access: 'signed-in',
    ok: 200,
  },
  'GET /api/users': { request: get('/api/users'), access: 'customers.read', ok: 200 },
  // Issue 28: saved addresses are the customer's own; no staff member reaches another's.
  'GET /api/users/addresses': { request: get('/api/users/addresses'), access: 'signed-in', ok: 200 },
  'POST /api/users/addresses': {
    request: () => ({ method: 'POST', url: '/api/users/addresses', payload: savedAddressBody }),
    access: 'signed-in',
    ok: 201,
  },
  'PUT /api/users/addresses/:id': {
    request: (c) => ({
      method: 'PUT',
      url: `/api/users/addresses/${c.addressIds.update}`,
      payload: { label: 'Changed', isDefault: true },
    }),
    access: { own: null },
    ok: 200,
  },
  'DELETE /api/users/addresses/:id': {
    request: (c) => ({ method: 'DELETE', url: `/api/users/addresses/${c.addressIds.remove}` }),
    access: { own: null },
    ok: 200,
  },
  'GET /api/users/:id': { request: (c) => get(`/api/users/${c.users.read}`)(), access: 'customers.read', ok: 200 },
  'PUT /api/users/:id (name and e-mail)': {
    request: (c) => ({
      method: 'PUT',
      url: `/api/users/${c.users.update}`,
      payload: { name: 'Renamed', email: 'renamed-by-staff@example.in' },
    }),
    access: 'customers.write',
    ok: 200,
    repeatable: true,
  },
  // Issue 29: only the owner changes a role; a manager gets past the door (customers.write) to that rule.
  'PUT /api/users/:id (role)': {
    request: (c) => ({ method: 'PUT', url: `/api/users/${c.users.promote}`, payload: { role: 'support' } }),
    access: 'staff',
    ok: 200,
  },
  'DELETE /api/users/:id': {
    request: (c) => ({ method: 'DELETE', url: `/api/users/${c.users.remove}` }),
    access: 'staff',
    ok: 200,
  },
  'DELETE /api/users/:id/sessions': {
    request: (c) => ({ method: 'DELETE', url: `/api/users/${c.users.signOut}/sessions` }),
    access: 'staff',
    ok: 200,
    repeatable: true,
  },
  // Issue 29: the audit log is the owner's; one record's own history is for whoever works on the record.
  'GET /api/admin/audit': { request: get('/api/admin/audit'), access: 'audit', ok: 200 },
  "GET /api/admin/audit (one product's history)": {
    request: (c) => get(`/api/admin/audit?entity=product&id=${c.productId}`)(),
    access: 'catalog',
    ok: 200,
  },
  'GET /api/admin/audit/export': { request: get('/api/admin/audit/export'), access: 'audit', ok: 200 },
  'GET /api/admin/audit/verify': { request: get('/api/admin/audit/verify'), access: 'audit', ok: 200 },
  'GET /api/dev/sms-outbox': { request: get('/api/dev/sms-outbox'), access: 'anyone', ok: 200 },
  // Issue 27: the courier's token (x-api-key), not a sign-in, lets a tracking call in (an AWB the shop
  // never booked is answered 200 and ignored); without it, 401 for everyone.
  ...Object.fromEntries(
    ['/api/webhooks/shiprocket', '/api/webhooks/courier'].flatMap((url) => [
      [
        `POST ${url}`,
        {
          request: () => ({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json', 'x-api-key': SANDBOX_COURIER_WEBHOOK_TOKEN },
            payload: JSON.stringify({ awb: 'SBX0000000000', current_status: 'DELIVERED' }),
          }),
          access: 'anyone',
          ok: 200,
        } satisfies Row,
      ],
    ]),
  ),
  'POST /api/dev/courier/events': {
    request: (c) => ({
      method: 'POST',
      url: '/api/dev/courier/events',
      payload: { orderId: c.orders.read, status: 'in_transit' },
    }),
    // Development only, like the outboxes: anyone reaches it; an order not booked with the courier is 404.
    access: 'anyone',
    ok: 404,
  },
  'GET /api/dev/mail-outbox': { request: get('/api/dev/mail-outbox'), access: 'anyone', ok: 200 },

  // Orders
  'POST /api/orders': {
    request: (c) => ({
      method: 'POST',
      url: '/api/orders',
      payload: {
        orderItems: [{ product: c.productId, qty: 1 }],
        shippingAddress: address,
        paymentMethod: 'Cash on Delivery',
      },
    }),
    access: 'signed-in',
    ok: 201,
  },
  'POST /api/orders/quote': {
    request: (c) => ({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { orderItems: [{ product: c.productId, qty: 1 }], paymentMethod: 'Razorpay' },
    }),
    access: 'anyone',
    ok: 200,
  },
  'GET /api/orders/myorders': { request: get('/api/orders/myorders'), access: 'signed-in', ok: 200 },
  'GET /api/orders': { request: get('/api/orders'), access: 'orders.read', ok: 200 },
  'GET /api/orders/:id': {
    request: (c) => get(`/api/orders/${c.orders.read}`)(),
    access: { own: 'orders.read' },
    ok: 200,
  },
  'PUT /api/orders/:id/deliver': {
    request: (c) => ({ method: 'PUT', url: `/api/orders/${c.orders.read}/deliver` }),
    access: 'orders.ship',
    ok: 200,
  },
  'PUT /api/orders/:id/pay': {
    request: (c) => ({ method: 'PUT', url: `/api/orders/${c.orders.read}/pay` }),
    access: 'refunds',
    ok: 200,
  },
  'PUT /api/orders/:id/cancel': {
    // An order for each role that may cancel one (the customer's own for the others).
    request: (c, role) => ({
      method: 'PUT',
      url: `/api/orders/${c.orders.cancel[role] ?? c.orders.cancel.customer}/cancel`,
    }),
    // Issue 28: its customer cancels it; to another it does not exist, and so to staff who may not read
    // orders; staff who may read it but not cancel it are refused.
    access: 'orders.cancel',
    ok: 200,
    repeatable: true,
    except: { customer: 200, other: 404, catalog: 404 },
  },
  'PUT /api/orders/:id/ship': {
    request: (c) => ({
      method: 'PUT',
      url: `/api/orders/${c.orders.ship}/ship`,
      payload: { courier: 'Delhivery', trackingNumber: '1234567890123' },
    }),
    access: 'orders.ship',
    ok: 200,
  },
  'GET /api/orders/:id/label': {
    request: (c) => get(`/api/orders/${c.orders.invoiced}/label`)(),
    // Staff get past authorisation to the rule: an order shipped by hand has no label (NO_LABEL).
    access: 'orders.ship',
    ok: 404,
  },
  'GET /api/orders/:id/invoice': {
    request: (c) => get(`/api/orders/${c.orders.invoiced}/invoice`)(),
    access: { own: 'orders.read' },
    ok: 200,
  },
  'GET /api/orders/:id/credit-note': {
    request: (c) => get(`/api/orders/${c.orders.credited}/credit-note`)(),
    access: { own: 'orders.read' },
    ok: 200,
  },
  'POST /api/orders/:id/confirm': {
    request: (c) => ({ method: 'POST', url: `/api/orders/${c.orders.read}/confirm`, payload: { code: '0000' } }),
    // Only its customer confirms an order (already confirmed here: answered as it is); staff confirm
    // by shipping it, and to anyone else it does not exist.
    access: { own: null },
    ok: 200,
  },
  'POST /api/orders/:id/confirmation-code': {
    request: (c) => ({ method: 'POST', url: `/api/orders/${c.orders.read}/confirmation-code` }),
    // The customer gets past authorisation to the rule: a confirmed order takes no code.
    access: { own: null },
    ok: 409,
  },
  'POST /api/orders/:id/refund': {
    request: (c) => ({ method: 'POST', url: `/api/orders/${c.orders.read}/refund` }),
    // Staff get past authorisation to the rule: only a failed refund can be retried.
    access: 'refunds',
    ok: 409,
    repeatable: true,
  },
  'GET /api/admin/gst-report': { request: get('/api/admin/gst-report?month=2026-11'), access: 'accounts', ok: 200 },

  // Issue 29: an order's messages to its customer, and one sent again (a copy each time).
  'GET /api/orders/:id/messages': {
    request: (c) => get(`/api/orders/${c.orders.read}/messages`)(),
    access: 'orders.read',
    ok: 200,
  },
  'POST /api/orders/:id/messages/:messageId/resend': {
    request: (c) => ({ method: 'POST', url: `/api/orders/${c.orders.read}/messages/${c.messageId}/resend` }),
    access: 'messages',
    ok: 201,
    repeatable: true,
  },

  // Issue 28: returns, partial refunds, store credit
  'GET /api/orders/:id/returnability': {
    request: (c) => get(`/api/orders/${c.afterSale.returnable}/returnability`)(),
    access: { own: 'orders.read' },
    ok: 200,
  },
  'POST /api/orders/:id/returns': {
    request: (c, role) => ({
      method: 'POST',
      url: `/api/orders/${c.afterSale.returnableFor[role] ?? c.afterSale.returnable}/returns`,
      payload: { lines: [{ product: c.productId, qty: 1 }], reason: 'Matrix', photos: ['/uploads/matrix.png'] },
    }),
    // The customer who bought asks for a return; issue 29: staff who may open one do it for a customer
    // who asked by phone (each on an order of its own). Another customer is told the order does not exist.
    access: 'returns.open',
    ok: 201,
    repeatable: true,
    except: { customer: 201, other: 404 },
  },
  'GET /api/orders/:id/returns': {
    request: (c) => get(`/api/orders/${c.afterSale.returned}/returns`)(),
    access: { own: 'orders.read' },
    ok: 200,
  },
  'GET /api/returns': { request: get('/api/returns'), access: 'orders.read', ok: 200 },
  'PUT /api/returns/:id': {
    request: (c) => ({
      method: 'PUT',
      url: `/api/returns/${c.afterSale.returnId}`,
      payload: { action: 'more_info', note: 'A photo, please' },
    }),
    // Its customer may only reply; to another customer it does not exist, nor to staff who may not read orders.
    access: 'returns.open',
    ok: 200,
    except: { other: 404, catalog: 404 },
  },
  'PUT /api/orders/:id/refunds/:refundId/retry': {
    request: (c) => ({
      method: 'PUT',
      url: `/api/orders/${c.afterSale.refunded}/refunds/${c.afterSale.refundId}/retry`,
    }),
    // Staff get past authorisation to the rule: only a failed refund can be retried.
    access: 'refunds',
    ok: 409,
    repeatable: true,
  },
  'GET /api/orders/:id/refunds/:refundId/credit-note': {
    request: (c) => get(`/api/orders/${c.afterSale.refunded}/refunds/${c.afterSale.refundId}/credit-note`)(),
    access: { own: 'orders.read' },
    ok: 200,
  },
  'GET /api/users/store-credit': { request: get('/api/users/store-credit'), access: 'signed-in', ok: 200 },
  'GET /api/admin/users/:id/store-credit': {
    request: (c) => get(`/api/admin/users/${c.users.read}/store-credit`)(),
    access: 'customers.read',
    ok: 200,
  },
  'POST /api/admin/users/:id/store-credit': {
    request: (c) => ({
      method: 'POST',
      url: `/api/admin/users/${c.users.read}/store-credit`,
      payload: { amount: 10, note: 'Matrix' },
    }),
    access: 'refunds',
    ok: 200,
    repeatable: true,
  },

  // The owner's desk (issue 15)
  'GET /api/admin/dashboard': { request: get('/api/admin/dashboard'), access: 'accounts', ok: 200 },
  'PUT /api/admin/settings/low-stock': {
    request: () => ({ method: 'PUT', url: '/api/admin/settings/low-stock', payload: { lowStockThreshold: 3 } }),
    access: 'settings',
    ok: 200,
  },
  // Shipping and COD (issue 27)
  'GET /api/admin/shipping': { request: get('/api/admin/shipping'), access: 'settings', ok: 200 },
  'PUT /api/admin/shipping': {
    request: () => ({ method: 'PUT', url: '/api/admin/shipping', payload: { cutoffTime: '14:00' } }),
    access: 'settings',
    ok: 200,
  },
  'GET /api/admin/orders/export': {
    request: get('/api/admin/orders/export?from=2026-11-01&to=2026-11-30&state=all'),
    access: 'accounts',
    ok: 200,
  },
  'GET /api/admin/catalog/export': { request: get('/api/admin/catalog/export'), access: 'catalog', ok: 200 },
  'POST /api/admin/catalog/import/preview': {
    request: (c) => ({
      method: 'POST',
      url: '/api/admin/catalog/import/preview',
      headers: { 'content-type': 'text/csv' },
      payload: `id,stock\r\n${c.productId},5`,
    }),
    access: 'catalog',
    ok: 200,
    repeatable: true,
  },
  'POST /api/admin/catalog/import': {
    request: (c) => ({
      method: 'POST',
      url: `/api/admin/catalog/import?plan=${'0'.repeat(64)}`,
      headers: { 'content-type': 'text/csv' },
      payload: `id,stock\r\n${c.productId},5`,
    }),
    // Catalog staff get past authorisation to the rule: a plan the preview never gave is stale.
    access: 'catalog',
    ok: 409,
    repeatable: true,
  },
  'GET /api/admin/products/:id/stock-history': {
    request: (c) => get(`/api/admin/products/${c.productId}/stock-history`)(),
    access: 'catalog',
    ok: 200,
  },

  // Payments
  'GET /api/config/razorpay': { request: get('/api/config/razorpay'), access: 'anyone', ok: 200 },
  'GET /api/payments/checkout.js': { request: get('/api/payments/checkout.js'), access: 'anyone', ok: 200 },
  'POST /api/payments/razorpay/order': {
    request: (c) => ({
      method: 'POST',
      url: '/api/payments/razorpay/order',
      payload: { orderItems: [{ product: c.productId, qty: 1 }], shippingAddress: address },
    }),
    access: 'signed-in',
    ok: 201,
  },
  'POST /api/payments/razorpay/order/:orderId/release': {
    request: (c) => ({ method: 'POST', url: `/api/payments/razorpay/order/${c.holds.release}/release` }),
    // Only its customer may give a payment's stock back: to anyone else it does not exist.
    access: { own: null },
    ok: 200,
  },
  'POST /api/payments/razorpay/webhook (signed by the gateway)': {
    request: (c) => ({
      method: 'POST',
      url: '/api/payments/razorpay/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': webhookSignature(c.t.config.payments.webhookSecret, WEBHOOK_BODY),
      },
      payload: WEBHOOK_BODY,
    }),
    access: 'anyone',
    ok: 200,
  },
  'POST /api/payments/sandbox/pay': {
    request: (c) => ({ method: 'POST', url: '/api/payments/sandbox/pay', payload: { razorpay_order_id: c.holds.pay } }),
    access: 'anyone',
    ok: 200,
  },
  'GET /api/pincode/:code': { request: get('/api/pincode/411001'), access: 'anyone', ok: 200 },
  'GET /api/config/contact': { request: get('/api/config/contact'), access: 'anyone', ok: 200 },
  'GET /api/webhooks/whatsapp (Meta checks the verify token)': {
    request: (c) =>
      get(
        `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${c.t.config.whatsapp.verifyToken}&hub.challenge=42`,
      )(),
    access: 'anyone',
    ok: 200,
  },
  'POST /api/webhooks/whatsapp (signed with the app secret)': {
    request: (c) => ({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': whatsappSignature(c.t.config.whatsapp.appSecret, WHATSAPP_BODY),
      },
      payload: WHATSAPP_BODY,
    }),
    access: 'anyone',
    ok: 200,
  },
  'GET /api/dev/whatsapp-outbox': { request: get('/api/dev/whatsapp-outbox'), access: 'anyone', ok: 200 },
  'POST /api/dev/whatsapp/reply': {
    request: () => ({
      method: 'POST',
      url: '/api/dev/whatsapp/reply',
      payload: { phone: '9876543210', payload: 'confirm_order:none' },
    }),
    access: 'anyone',
    ok: 200,
  },
  'GET /robots.txt': { request: get('/robots.txt'), access: 'anyone', ok: 200 },
  'GET /sitemap.xml': { request: get('/sitemap.xml'), access: 'anyone', ok: 200 },
  'GET /share/shop.jpg': { request: get('/share/shop.jpg'), access: 'anyone', ok: 200 },
  'GET /share/products/:file': {
    request: (c) => get(`/share/products/${c.productId}.jpg`)(),
    access: 'anyone',
    ok: 200,
  },

  // The OpenAPI document and its UI
  'GET /api/docs': { request: get('/api/docs'), access: 'anyone', ok: 200 },
  'GET /api/docs/json': { request: get('/api/docs/json'), access: 'anyone', ok: 200 },
  'GET /api/docs/yaml': { request: get('/api/docs/yaml'), access: 'anyone', ok: 200 },
  'GET /api/docs/': { request: get('/api/docs/'), access: 'anyone', ok: 200 },
  'GET /api/docs/static/*': { request: get('/api/docs/static/swagger-ui.css'), access: 'anyone', ok: 200 },
  'GET /api/docs/static/index.html (sends the browser to the UI)': {
    request: get('/api/docs/static/index.html'),
    access: 'anyone',
    ok: 302,
  },
  'GET /api/docs/static/swagger-initializer.js': {
    request: get('/api/docs/static/swagger-initializer.js'),
    access: 'anyone',
    ok: 200,
  },

  // The web app (the test fixture's files; every other path gets index.html from the not-found handler).
  // The build's scripts are looked up by one route (issue 31, decision 0061).
  'GET /index.html': { request: get('/index.html'), access: 'anyone', ok: 200 },
  'GET /assets/*': { request: get('/assets/app-abc123.js'), access: 'anyone', ok: 200 },
};

/**
 * `METHOD /pattern` of every route, read from the router's radix tree as Fastify prints it: each line
 * a node, its path the concatenation of its ancestors' (HEAD routes mirror their GET and are left out).
 */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split('\n')) {
    const node = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    prefixes.length = node[1]!.length / 4;
    prefixes.push(node[2]!);
    for (const method of node[3]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push(`${method} ${prefixes.join('')}`);
    }
  }
  return routes;
}

const routeOf = (key: string) => key.replace(/ \(.*\)$/, '');

/** Every account here registers with it, so a password change row and a staff code sign-in know it. */
const STAFF_PASSWORD = 'secret-pass-1';

let c: Context;
let routes: string[];

/** One account per staff role (customers registered, then given the role), signed in. */
async function staffAccounts(t: TestApp) {
  const accounts = await Promise.all(STAFF.map(() => make.customer(t, { password: STAFF_PASSWORD })));
  await Promise.all(
    STAFF.map((role, i) => t.db.update(usersTable).set({ role }).where(eq(usersTable.id, accounts[i]!._id))),
  );
  const roles = await t.db
    .select({ role: usersTable.role })
    .from(usersTable)
    .where(
      inArray(
        usersTable.id,
        accounts.map((a) => a._id),
      ),
    );
  expect(roles.map((r) => r.role).sort()).toEqual([...STAFF].sort());
  return Object.fromEntries(STAFF.map((role, i) => [role, accounts[i]!])) as Record<StaffRole, make.Customer>;
}

beforeAll(async () => {
  const t = await createTestApp();
  // The demo owner makes the resources; the owner column is an account of its own.
  const admin = await make.admin(t);
  const staff = await staffAccounts(t);
  const [customer, other, visitorPhoneOwner, ...targets] = await Promise.all(
    Array.from({ length: 9 }, () => make.customer(t)),
  );
  // The best-stocked products, so the orders and holds below never run out.
  const products = (await t.app.inject({ url: '/api/products?limit=48' }))
    .json<{ products: Array<{ _id: string; countInStock: number }> }>()
    .products.sort((a, b) => b.countInStock - a.countInStock);
  const productId = products[0]!._id;
  // Nine columns order it many times over.
  await t.db.update(productsTable).set({ countInStock: 500 }).where(eq(productsTable.id, productId));
  const draft = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/products', headers: bearer(admin.token) })).json<{ _id: string }>()
      ._id;
  const offer = async (kind: 'coupons' | 'sales', payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/${kind}`,
      headers: bearer(admin.token),
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ _id: string }>()._id;
  };
  const order = async (token = customer!.token) => {
    const res = await make.codOrder(t, token, productId);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ _id: string }>()._id;
  };
  const hold = async (token: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/order',
      headers: bearer(token),
      payload: { orderItems: [{ product: products[1]!._id, qty: 1 }], shippingAddress: address },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ orderId: string }>().orderId;
  };
  const savedAddress = async (token: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/addresses',
      headers: bearer(token),
      payload: savedAddressBody,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ _id: string }>()._id;
  };
  /** An order of the customer's that the admin shipped (so it has an invoice), and maybe credited. */
  const shipped = async (cancel = false, token = customer!.token) => {
    const id = await order(token);
    const shipping = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/ship`,
      headers: bearer(admin.token),
      payload: { courier: 'India Post', trackingNumber: 'EE123456789IN' },
    });
    expect(shipping.statusCode).toBe(200);
    if (cancel) await make.creditedOrder(t, id);
    return id;
  };
  /** Issue 28: a delivered order of the customer's (shipped, delivered, its cash collected). */
  const delivered = async (token = customer!.token) => {
    const id = await shipped(false, token);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/deliver`,
      headers: bearer(admin.token),
      payload: { cashCollected: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };
  const afterSale = async () => {
    const [returnable, returned, refunded] = [await delivered(), await delivered(), await delivered()];
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${returned}/returns`,
      headers: bearer(customer!.token),
      payload: { lines: [{ product: productId, qty: 1 }], reason: 'Matrix', photos: ['/uploads/matrix.png'] },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${refunded}/refund`,
      headers: bearer(admin.token),
      payload: { lines: [{ product: productId, qty: 1 }], method: 'store_credit' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const elsewhere = () => delivered(targets[5]!.token);
    return {
      returnable,
      returnableFor: { support: await elsewhere(), manager: await elsewhere(), owner: await elsewhere() },
      returned,
      returnId: opened.json<{ _id: string }>()._id,
      refunded,
      refundId: refund.json<{ refunds: Array<{ _id: string }> }>().refunds[0]!._id,
    };
  };
  const uploadedFile = 'matrix.png';
  await databaseFileStore(t.db).put([
    namedFile(`uploads/${uploadedFile}`, 'image/png', PNG),
    namedFile(`certificates/${uploadedFile}`, 'image/png', PNG),
  ]);
  const staffOf = <T>(pick: (account: make.Customer) => T) =>
    Object.fromEntries(STAFF.map((role) => [role, pick(staff[role])])) as Record<StaffRole, T>;
  c = {
    t,
    tokens: { customer: customer!.token, other: other!.token, ...staffOf((a) => a.token) },
    phones: {
      visitor: visitorPhoneOwner!.phone,
      customer: customer!.phone,
      other: other!.phone,
      ...staffOf((a) => a.phone),
    },
    productId,
    soldOutId: await make.product(t, { stock: 0 }),
    drafts: { read: await draft(), update: await draft(), remove: await draft() },
    orders: {
      read: await order(),
      // The staff's from another customer: a customer has at most 5 Cash on Delivery orders open.
      cancel: {
        customer: await order(),
        manager: await order(targets[5]!.token),
        owner: await order(targets[5]!.token),
      },
      ship: await order(),
      invoiced: await shipped(),
      credited: await shipped(true),
    },
    holds: { release: await hold(customer!.token), pay: await hold(targets[2]!.token) },
    users: {
      read: other!._id,
      update: targets[0]!._id,
      remove: targets[1]!._id,
      promote: targets[3]!._id,
      signOut: targets[4]!._id,
    },
    uploadedFile,
    synonymId: (
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/search-synonyms',
        headers: bearer(admin.token),
        payload: { term: 'matrix term', canonical: 'ruby' },
      })
    ).json<{ _id: string }>()._id,
    couponIds: {
      update: await offer('coupons', { code: 'MATRIX-U', percentOff: 5 }),
      remove: await offer('coupons', { code: 'MATRIX-R', amountOff: 5 }),
    },
    saleIds: { update: await offer('sales', matrixSale), remove: await offer('sales', matrixSale) },
    addressIds: { update: await savedAddress(customer!.token), remove: await savedAddress(customer!.token) },
    afterSale: await afterSale(),
    neverExpiring: await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(TOKEN_ISSUER)
      .setSubject(customer!._id)
      .sign(new TextEncoder().encode(t.config.jwt.secret)),
    messageId: '',
  };
  const messages = await t.app.inject({ url: `/api/orders/${c.orders.read}/messages`, headers: bearer(admin.token) });
  expect(messages.statusCode, messages.body).toBe(200);
  c.messageId = messages.json<Array<{ _id: string }>>()[0]!._id;
  routes = registeredRoutes(t.app.printRoutes());
});
afterAll(async () => {
  await c?.t.close();
});

describe('authorisation matrix', () => {
  it('has a row for every registered route, and a route for every row', () => {
    expect(routes.length).toBeGreaterThan(40);
    const rowRoutes = new Set(Object.keys(MATRIX).map(routeOf));
    expect(routes.filter((route) => !rowRoutes.has(route))).toEqual([]);
    expect([...rowRoutes].filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(Object.entries(MATRIX))('%s', async (_key, row) => {
    const method = row.request(c, 'visitor').method ?? 'GET';
    const expected = expectedOutcomes(row, method);
    const outcome = {} as Record<Role, Outcome>;
    for (const role of ROLES) {
      const status = await tryAs(row, role);
      outcome[role] = expected[role] === PASSED && status !== 401 && status !== 403 ? PASSED : status;
    }
    expect(outcome).toEqual(expected);
    if (expected.visitor === 401) await refusesBadSignIns(row);
  });
});

/** Makes the row's request as `role`; checks the body of a refusal; the status. */
async function tryAs(row: Row, role: Role): Promise<number> {
  const request = row.request(c, role);
  const headers = { ...(request.headers as Record<string, string>) };
  if (role !== 'visitor') Object.assign(headers, bearer(c.tokens[role]));
  const res = await c.t.app.inject({ ...request, headers });
  if (res.statusCode === 401)
    expect(res.json(), role).toEqual(row.signInRefusal ?? { message: AUTH_MESSAGES.noToken, code: 'NO_TOKEN' });
  if (res.statusCode === 403 && role !== 'visitor') expect(res.json(), role).toEqual(refusalOf(role));
  // A password change hands back the token that now works.
  if (role !== 'visitor' && request.url === '/api/users/profile' && request.method === 'PUT' && res.statusCode === 200)
    c.tokens[role] = res.json<{ token: string }>().token;
  return res.statusCode;
}

/**
 * Signed-in routes authenticate first: a visitor's broken body, or a customer's token that never
 * expires (not one we sign), is 401 before anything is read.
 */
async function refusesBadSignIns(row: Row): Promise<void> {
  const request = row.request(c, 'visitor');
  const broken = await c.t.app.inject({
    ...request,
    headers: { 'content-type': 'application/json' },
    payload: '{"broken":',
  });
  expect([broken.statusCode, broken.json()]).toEqual([401, { message: AUTH_MESSAGES.noToken, code: 'NO_TOKEN' }]);
  const forever = await c.t.app.inject({ ...request, headers: { ...request.headers, ...bearer(c.neverExpiring) } });
  expect([forever.statusCode, forever.json()]).toEqual([
    401,
    { message: AUTH_MESSAGES.tokenFailed, code: 'TOKEN_FAILED' },
  ]);
}
