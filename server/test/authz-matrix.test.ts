/**
 * The authorisation matrix: for every route the app registers, what a visitor, a customer, another
 * customer (who does not own the resource) and an admin get, with real resources (an order and a
 * payment of the customer's, drafts, other users). A route without a row fails the test, so a new
 * route cannot ship without its row; a row without a route fails too.
 */
import { AUTH_MESSAGES } from '@rr/core';
import type { InjectOptions } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_COURIER_WEBHOOK_TOKEN } from '../src/adapters/courier/index.ts';
import { webhookSignature } from '../src/adapters/payments/index.ts';
import { whatsappSignature } from '../src/adapters/whatsapp/index.ts';
import { TOKEN_ISSUER } from '../src/modules/accounts/tokens.ts';
import { databaseFileStore } from '../src/modules/uploads/database-file-store.ts';
import { namedFile } from '../src/modules/uploads/file-store.ts';
import { DEMO_ADMIN, bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

type Role = 'visitor' | 'customer' | 'other' | 'admin';
/** The order the roles are tried in: the admin last, so an admin's change cannot open a door for the others. */
const ROLES: Role[] = ['visitor', 'customer', 'other', 'admin'];

interface Context {
  t: TestApp;
  tokens: Record<Exclude<Role, 'visitor'>, string>;
  phones: Record<Role, string>;
  productId: string;
  /** Out of stock, for back-in-stock alerts. */
  soldOutId: string;
  /** Drafts: one to read, one to update, one to delete. */
  drafts: { read: string; update: string; remove: string };
  /** Placed by the customer. */
  orders: { read: string; cancel: string; ship: string; invoiced: string; credited: string };
  /** Pending online payments (gateway order ids): the customer's, and one to pay in the sandbox. */
  holds: { release: string; pay: string };
  users: { read: string; update: string; remove: string };
  uploadedFile: string;
  /** A search synonym for the admin to delete. */
  synonymId: string;
  /** Issue 26: a coupon and a sale for the admin to change and delete. */
  couponIds: { update: string; remove: string };
  saleIds: { update: string; remove: string };
  /**
   * Issue 28: delivered orders of the customer's: one to return, one with an open return, one with a
   * partial refund (store credit) and its credit note.
   */
  afterSale: { returnable: string; returned: string; returnId: string; refunded: string; refundId: string };
  /** Issue 28: saved addresses of the customer's, one to edit and one to delete. */
  addressIds: { update: string; remove: string };
  /** The customer's claims, signed with the server's key, without an expiry. */
  neverExpiring: string;
}

interface Row {
  /** The request as `role` makes it (without the token: the test adds it). */
  request: (ctx: Context, role: Role) => InjectOptions;
  /** Expected status per role, in ROLES order. */
  expect: [visitor: number, customer: number, other: number, admin: number];
  /** The body of this row's 401s when they refuse a sign-in rather than a missing or bad token. */
  signInRefusal?: { message: string; code: string };
}

const ANYONE_OK: Row['expect'] = [200, 200, 200, 200];
const SIGNED_IN_OK: Row['expect'] = [401, 200, 200, 200];
const ADMIN_ONLY: Row['expect'] = [401, 403, 403, 200];
/** The customer's own resource: another customer is told it does not exist, an admin sees it. */
const OWNER_OR_ADMIN: Row['expect'] = [401, 200, 404, 200];

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
  'GET /livez': { request: get('/livez'), expect: ANYONE_OK },
  'GET /healthz': { request: get('/healthz'), expect: ANYONE_OK },

  // Catalog
  'GET /api/products': { request: get('/api/products?keyword=mukhi'), expect: ANYONE_OK },
  'GET /api/products (drafts included)': { request: get('/api/products?drafts=include'), expect: ADMIN_ONLY },
  'GET /api/products/bestsellers': { request: get('/api/products/bestsellers'), expect: ANYONE_OK },
  'GET /api/products/:id': { request: (c) => get(`/api/products/${c.productId}`)(), expect: ANYONE_OK },
  'GET /api/products/top': { request: get('/api/products/top'), expect: ANYONE_OK },
  // PRODUCT.md "The contract": a draft opens by its id for anyone (still unlisted and not for sale).
  'GET /api/products/:id (a draft)': { request: (c) => get(`/api/products/${c.drafts.read}`)(), expect: ANYONE_OK },
  'POST /api/products': { request: () => ({ method: 'POST', url: '/api/products' }), expect: [401, 403, 403, 201] },
  'PUT /api/products/:id': {
    request: (c) => ({ method: 'PUT', url: `/api/products/${c.drafts.update}`, payload: productBody }),
    expect: ADMIN_ONLY,
  },
  'DELETE /api/products/:id': {
    request: (c) => ({ method: 'DELETE', url: `/api/products/${c.drafts.remove}` }),
    expect: ADMIN_ONLY,
  },
  'GET /api/products/facets': { request: get('/api/products/facets?keyword=mukhi&minPrice=100'), expect: ANYONE_OK },
  'GET /api/products/suggest': { request: get('/api/products/suggest?q=neelam'), expect: ANYONE_OK },
  'GET /api/admin/search-synonyms': { request: get('/api/admin/search-synonyms'), expect: ADMIN_ONLY },
  'POST /api/admin/search-synonyms': {
    request: (_c, role) => ({
      method: 'POST',
      url: '/api/admin/search-synonyms',
      payload: { term: `matrix ${role}`, canonical: 'ruby' },
    }),
    expect: [401, 403, 403, 201],
  },
  'DELETE /api/admin/search-synonyms/:id': {
    request: (c) => ({ method: 'DELETE', url: `/api/admin/search-synonyms/${c.synonymId}` }),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/coupons': { request: get('/api/admin/coupons'), expect: ADMIN_ONLY },
  'POST /api/admin/coupons': {
    request: (_c, role) => ({
      method: 'POST',
      url: '/api/admin/coupons',
      payload: { code: `MATRIX-${role.toUpperCase()}`, percentOff: 10 },
    }),
    expect: [401, 403, 403, 201],
  },
  'PUT /api/admin/coupons/:id': {
    request: (c) => ({ method: 'PUT', url: `/api/admin/coupons/${c.couponIds.update}`, payload: { percentOff: 12 } }),
    expect: ADMIN_ONLY,
  },
  'DELETE /api/admin/coupons/:id': {
    request: (c) => ({ method: 'DELETE', url: `/api/admin/coupons/${c.couponIds.remove}` }),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/sales': { request: get('/api/admin/sales'), expect: ADMIN_ONLY },
  'POST /api/admin/sales': {
    request: () => ({ method: 'POST', url: '/api/admin/sales', payload: matrixSale }),
    expect: [401, 403, 403, 201],
  },
  'PUT /api/admin/sales/:id': {
    request: (c) => ({ method: 'PUT', url: `/api/admin/sales/${c.saleIds.update}`, payload: { percentOff: 12 } }),
    expect: ADMIN_ONLY,
  },
  'DELETE /api/admin/sales/:id': {
    request: (c) => ({ method: 'DELETE', url: `/api/admin/sales/${c.saleIds.remove}` }),
    expect: ADMIN_ONLY,
  },
  'GET /api/sales/current': { request: get('/api/sales/current'), expect: ANYONE_OK },
  'GET /api/categories': { request: get('/api/categories'), expect: ANYONE_OK },
  // The code it already has: an admin's save changes nothing the other rows see.
  'PUT /api/categories/:slug': {
    request: () => ({ method: 'PUT', url: '/api/categories/mala', payload: { hsnCode: '7117' } }),
    expect: ADMIN_ONLY,
  },
  'POST /api/products/:id/reviews': {
    request: (c, role) => ({
      method: 'POST',
      url: `/api/products/${c.productId}/reviews`,
      payload: { rating: 4, comment: `Reviewed by the ${role}` },
    }),
    expect: [401, 201, 201, 201],
  },
  'POST /api/upload': {
    request: () => ({
      method: 'POST',
      url: '/api/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: imageUpload,
    }),
    expect: [401, 403, 403, 201],
  },
  // Issue 28: any signed-in customer may upload a photo for a review.
  'POST /api/upload/review-photo': {
    request: () => ({
      method: 'POST',
      url: '/api/upload/review-photo',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: imageUpload,
    }),
    expect: [401, 201, 201, 201],
  },
  'GET /uploads/:name': { request: (c) => get(`/uploads/${c.uploadedFile}`)(), expect: ANYONE_OK },
  'POST /api/upload/certificate': {
    request: () => ({
      method: 'POST',
      url: '/api/upload/certificate',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: certificateUpload,
    }),
    expect: [401, 403, 403, 201],
  },
  'GET /certificates/:name': { request: (c) => get(`/certificates/${c.uploadedFile}`)(), expect: ANYONE_OK },
  // A visitor asks with a phone; a signed-in customer on their account's phone.
  'POST /api/products/:id/stock-alert': {
    request: (c, role) => ({
      method: 'POST',
      url: `/api/products/${c.soldOutId}/stock-alert`,
      payload: role === 'visitor' ? { phone: c.phones.visitor } : {},
    }),
    expect: ANYONE_OK,
  },
  'POST /api/newsletter': {
    request: (_c, role) => ({
      method: 'POST',
      url: '/api/newsletter',
      payload: { email: `matrix-${role}@example.in` },
    }),
    expect: [201, 201, 201, 201],
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
    expect: [201, 201, 201, 201],
  },
  'POST /api/users/loginviapassword': {
    request: () => ({ method: 'POST', url: '/api/users/loginviapassword', payload: DEMO_ADMIN }),
    expect: ANYONE_OK,
  },
  'POST /api/users/resendOTP': {
    request: (c, role) => ({ method: 'POST', url: '/api/users/resendOTP', payload: { phone: c.phones[role] } }),
    expect: ANYONE_OK,
  },
  // The original client's way to ask for a code: public (a number without an account is told so).
  'POST /api/users/login': {
    request: () => ({ method: 'POST', url: '/api/users/login', payload: { phone: '6000000001' } }),
    expect: [404, 404, 404, 404],
  },
  'POST /api/users/verifyotp (a wrong code)': {
    request: (c, role) => ({
      method: 'POST',
      url: '/api/users/verifyotp',
      // An admin signs in with a code only together with the password.
      payload: { phone: c.phones[role], otp: '0000', ...(role === 'admin' ? { password: DEMO_ADMIN.password } : {}) },
    }),
    // A customer's wrong code is a 400; an admin's failed code sign-in gets one answer, whatever was wrong.
    expect: [400, 400, 400, 401],
    signInRefusal: { message: 'The password or the code is not correct.', code: 'BAD_CREDENTIALS' },
  },
  'GET /api/users/profile': { request: get('/api/users/profile'), expect: SIGNED_IN_OK },
  // Issue 28: each signed-in user's own wishlist (saving is 201 for each of them: a list of their own).
  'GET /api/users/wishlist': { request: get('/api/users/wishlist'), expect: SIGNED_IN_OK },
  'POST /api/users/wishlist': {
    request: (c) => ({ method: 'POST', url: '/api/users/wishlist', payload: { product: c.productId } }),
    expect: [401, 201, 201, 201],
  },
  'PUT /api/users/wishlist': {
    request: (c) => ({ method: 'PUT', url: '/api/users/wishlist', payload: { products: [c.productId] } }),
    expect: SIGNED_IN_OK,
  },
  'DELETE /api/users/wishlist/:productId': {
    request: (c) => ({ method: 'DELETE', url: `/api/users/wishlist/${c.productId}` }),
    expect: SIGNED_IN_OK,
  },
  'PUT /api/users/profile': {
    // A new password needs the current one (registered customers: secret-pass-1).
    request: (_c, role) => ({
      method: 'PUT',
      url: '/api/users/profile',
      payload: {
        password: 'matrix-changed-1',
        currentPassword: role === 'admin' ? DEMO_ADMIN.password : 'secret-pass-1',
      },
    }),
    expect: SIGNED_IN_OK,
  },
  'GET /api/users': { request: get('/api/users'), expect: ADMIN_ONLY },
  // Issue 28: saved addresses are the customer's own; not even an admin reaches another's.
  'GET /api/users/addresses': { request: get('/api/users/addresses'), expect: SIGNED_IN_OK },
  'POST /api/users/addresses': {
    request: () => ({ method: 'POST', url: '/api/users/addresses', payload: savedAddressBody }),
    expect: [401, 201, 201, 201],
  },
  'PUT /api/users/addresses/:id': {
    request: (c) => ({
      method: 'PUT',
      url: `/api/users/addresses/${c.addressIds.update}`,
      payload: { label: 'Changed', isDefault: true },
    }),
    expect: [401, 200, 404, 404],
  },
  'DELETE /api/users/addresses/:id': {
    request: (c) => ({ method: 'DELETE', url: `/api/users/addresses/${c.addressIds.remove}` }),
    expect: [401, 200, 404, 404],
  },
  'GET /api/users/:id': { request: (c) => get(`/api/users/${c.users.read}`)(), expect: ADMIN_ONLY },
  'PUT /api/users/:id': {
    request: (c) => ({
      method: 'PUT',
      url: `/api/users/${c.users.update}`,
      payload: { name: 'Renamed', email: 'renamed-by-admin@example.in', isAdmin: false },
    }),
    expect: ADMIN_ONLY,
  },
  'DELETE /api/users/:id': {
    request: (c) => ({ method: 'DELETE', url: `/api/users/${c.users.remove}` }),
    expect: ADMIN_ONLY,
  },
  'GET /api/dev/sms-outbox': { request: get('/api/dev/sms-outbox'), expect: ANYONE_OK },
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
          expect: ANYONE_OK,
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
    expect: [404, 404, 404, 404],
  },
  'GET /api/dev/mail-outbox': { request: get('/api/dev/mail-outbox'), expect: ANYONE_OK },

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
    expect: [401, 201, 201, 201],
  },
  'POST /api/orders/quote': {
    request: (c) => ({
      method: 'POST',
      url: '/api/orders/quote',
      payload: { orderItems: [{ product: c.productId, qty: 1 }], paymentMethod: 'Razorpay' },
    }),
    expect: ANYONE_OK,
  },
  'GET /api/orders/myorders': { request: get('/api/orders/myorders'), expect: SIGNED_IN_OK },
  'GET /api/orders': { request: get('/api/orders'), expect: ADMIN_ONLY },
  'GET /api/orders/:id': { request: (c) => get(`/api/orders/${c.orders.read}`)(), expect: OWNER_OR_ADMIN },
  'PUT /api/orders/:id/deliver': {
    request: (c) => ({ method: 'PUT', url: `/api/orders/${c.orders.read}/deliver` }),
    expect: ADMIN_ONLY,
  },
  'PUT /api/orders/:id/pay': {
    request: (c) => ({ method: 'PUT', url: `/api/orders/${c.orders.read}/pay` }),
    expect: ADMIN_ONLY,
  },
  'PUT /api/orders/:id/cancel': {
    request: (c) => ({ method: 'PUT', url: `/api/orders/${c.orders.cancel}/cancel` }),
    // Issue 28: its customer cancels it; to another it does not exist; the admin then finds it cancelled.
    expect: [401, 200, 404, 400],
  },
  'PUT /api/orders/:id/ship': {
    request: (c) => ({
      method: 'PUT',
      url: `/api/orders/${c.orders.ship}/ship`,
      payload: { courier: 'Delhivery', trackingNumber: '1234567890123' },
    }),
    expect: ADMIN_ONLY,
  },
  'GET /api/orders/:id/label': {
    request: (c) => get(`/api/orders/${c.orders.invoiced}/label`)(),
    // The admin gets past authorisation to the rule: an order shipped by hand has no label (NO_LABEL).
    expect: [401, 403, 403, 404],
  },
  'GET /api/orders/:id/invoice': {
    request: (c) => get(`/api/orders/${c.orders.invoiced}/invoice`)(),
    expect: OWNER_OR_ADMIN,
  },
  'GET /api/orders/:id/credit-note': {
    request: (c) => get(`/api/orders/${c.orders.credited}/credit-note`)(),
    expect: OWNER_OR_ADMIN,
  },
  'POST /api/orders/:id/confirm': {
    request: (c) => ({ method: 'POST', url: `/api/orders/${c.orders.read}/confirm`, payload: { code: '0000' } }),
    // Only its customer confirms an order (already confirmed here: answered as it is); an admin confirms
    // by shipping it, and to anyone else it does not exist.
    expect: [401, 200, 404, 404],
  },
  'POST /api/orders/:id/confirmation-code': {
    request: (c) => ({ method: 'POST', url: `/api/orders/${c.orders.read}/confirmation-code` }),
    // The customer gets past authorisation to the rule: a confirmed order takes no code.
    expect: [401, 409, 404, 404],
  },
  'POST /api/orders/:id/refund': {
    request: (c) => ({ method: 'POST', url: `/api/orders/${c.orders.read}/refund` }),
    // The admin gets past authorisation to the rule: only a failed refund can be retried.
    expect: [401, 403, 403, 409],
  },
  'GET /api/admin/gst-report': { request: get('/api/admin/gst-report?month=2026-11'), expect: ADMIN_ONLY },

  // Issue 28: returns, partial refunds, store credit
  'GET /api/orders/:id/returnability': {
    request: (c) => get(`/api/orders/${c.afterSale.returnable}/returnability`)(),
    expect: OWNER_OR_ADMIN,
  },
  'POST /api/orders/:id/returns': {
    request: (c) => ({
      method: 'POST',
      url: `/api/orders/${c.afterSale.returnable}/returns`,
      payload: { lines: [{ product: c.productId, qty: 1 }], reason: 'Matrix', photos: ['/uploads/matrix.png'] },
    }),
    // Only the customer who bought asks for a return (an admin is refused with 409 RETURN_NOT_ALLOWED).
    expect: [401, 201, 404, 409],
  },
  'GET /api/orders/:id/returns': {
    request: (c) => get(`/api/orders/${c.afterSale.returned}/returns`)(),
    expect: OWNER_OR_ADMIN,
  },
  'GET /api/returns': { request: get('/api/returns'), expect: ADMIN_ONLY },
  'PUT /api/returns/:id': {
    request: (c) => ({
      method: 'PUT',
      url: `/api/returns/${c.afterSale.returnId}`,
      payload: { action: 'more_info', note: 'A photo, please' },
    }),
    // Its customer may only reply; to another it does not exist.
    expect: [401, 403, 404, 200],
  },
  'PUT /api/orders/:id/refunds/:refundId/retry': {
    request: (c) => ({
      method: 'PUT',
      url: `/api/orders/${c.afterSale.refunded}/refunds/${c.afterSale.refundId}/retry`,
    }),
    // The admin gets past authorisation to the rule: only a failed refund can be retried.
    expect: [401, 403, 403, 409],
  },
  'GET /api/orders/:id/refunds/:refundId/credit-note': {
    request: (c) => get(`/api/orders/${c.afterSale.refunded}/refunds/${c.afterSale.refundId}/credit-note`)(),
    expect: OWNER_OR_ADMIN,
  },
  'GET /api/users/store-credit': { request: get('/api/users/store-credit'), expect: SIGNED_IN_OK },
  'GET /api/admin/users/:id/store-credit': {
    request: (c) => get(`/api/admin/users/${c.users.read}/store-credit`)(),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/users/:id/store-credit': {
    request: (c) => ({
      method: 'POST',
      url: `/api/admin/users/${c.users.read}/store-credit`,
      payload: { amount: 10, note: 'Matrix' },
    }),
    expect: ADMIN_ONLY,
  },

  // The owner's desk (issue 15)
  'GET /api/admin/dashboard': { request: get('/api/admin/dashboard'), expect: ADMIN_ONLY },
  'PUT /api/admin/settings/low-stock': {
    request: () => ({ method: 'PUT', url: '/api/admin/settings/low-stock', payload: { lowStockThreshold: 3 } }),
    expect: ADMIN_ONLY,
  },
  // Shipping and COD (issue 27)
  'GET /api/admin/shipping': { request: get('/api/admin/shipping'), expect: ADMIN_ONLY },
  'PUT /api/admin/shipping': {
    request: () => ({ method: 'PUT', url: '/api/admin/shipping', payload: { cutoffTime: '14:00' } }),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/orders/export': {
    request: get('/api/admin/orders/export?from=2026-11-01&to=2026-11-30&state=all'),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/catalog/export': { request: get('/api/admin/catalog/export'), expect: ADMIN_ONLY },
  'POST /api/admin/catalog/import/preview': {
    request: (c) => ({
      method: 'POST',
      url: '/api/admin/catalog/import/preview',
      headers: { 'content-type': 'text/csv' },
      payload: `id,stock\r\n${c.productId},5`,
    }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/catalog/import': {
    request: (c) => ({
      method: 'POST',
      url: `/api/admin/catalog/import?plan=${'0'.repeat(64)}`,
      headers: { 'content-type': 'text/csv' },
      payload: `id,stock\r\n${c.productId},5`,
    }),
    // The admin gets past authorisation to the rule: a plan the preview never gave is stale.
    expect: [401, 403, 403, 409],
  },
  'GET /api/admin/products/:id/stock-history': {
    request: (c) => get(`/api/admin/products/${c.productId}/stock-history`)(),
    expect: ADMIN_ONLY,
  },

  // Payments
  'GET /api/config/razorpay': { request: get('/api/config/razorpay'), expect: ANYONE_OK },
  'GET /api/payments/checkout.js': { request: get('/api/payments/checkout.js'), expect: ANYONE_OK },
  'POST /api/payments/razorpay/order': {
    request: (c) => ({
      method: 'POST',
      url: '/api/payments/razorpay/order',
      payload: { orderItems: [{ product: c.productId, qty: 1 }], shippingAddress: address },
    }),
    expect: [401, 201, 201, 201],
  },
  'POST /api/payments/razorpay/order/:orderId/release': {
    request: (c) => ({ method: 'POST', url: `/api/payments/razorpay/order/${c.holds.release}/release` }),
    // Only its customer may give a payment's stock back: to anyone else it does not exist.
    expect: [401, 200, 404, 404],
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
    expect: ANYONE_OK,
  },
  'POST /api/payments/sandbox/pay': {
    request: (c) => ({ method: 'POST', url: '/api/payments/sandbox/pay', payload: { razorpay_order_id: c.holds.pay } }),
    expect: ANYONE_OK,
  },
  'GET /api/pincode/:code': { request: get('/api/pincode/411001'), expect: ANYONE_OK },
  'GET /api/config/contact': { request: get('/api/config/contact'), expect: ANYONE_OK },
  'GET /api/webhooks/whatsapp (Meta checks the verify token)': {
    request: (c) =>
      get(
        `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${c.t.config.whatsapp.verifyToken}&hub.challenge=42`,
      )(),
    expect: ANYONE_OK,
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
    expect: ANYONE_OK,
  },
  'GET /api/dev/whatsapp-outbox': { request: get('/api/dev/whatsapp-outbox'), expect: ANYONE_OK },
  'POST /api/dev/whatsapp/reply': {
    request: () => ({
      method: 'POST',
      url: '/api/dev/whatsapp/reply',
      payload: { phone: '9876543210', payload: 'confirm_order:none' },
    }),
    expect: ANYONE_OK,
  },
  'GET /robots.txt': { request: get('/robots.txt'), expect: ANYONE_OK },
  'GET /sitemap.xml': { request: get('/sitemap.xml'), expect: ANYONE_OK },
  'GET /share/shop.jpg': { request: get('/share/shop.jpg'), expect: ANYONE_OK },
  'GET /share/products/:file': { request: (c) => get(`/share/products/${c.productId}.jpg`)(), expect: ANYONE_OK },

  // The OpenAPI document and its UI
  'GET /api/docs': { request: get('/api/docs'), expect: ANYONE_OK },
  'GET /api/docs/json': { request: get('/api/docs/json'), expect: ANYONE_OK },
  'GET /api/docs/yaml': { request: get('/api/docs/yaml'), expect: ANYONE_OK },
  'GET /api/docs/': { request: get('/api/docs/'), expect: ANYONE_OK },
  'GET /api/docs/static/*': { request: get('/api/docs/static/swagger-ui.css'), expect: ANYONE_OK },
  'GET /api/docs/static/index.html (sends the browser to the UI)': {
    request: get('/api/docs/static/index.html'),
    expect: [302, 302, 302, 302],
  },
  'GET /api/docs/static/swagger-initializer.js': {
    request: get('/api/docs/static/swagger-initializer.js'),
    expect: ANYONE_OK,
  },

  // The web app (the test fixture's files; every other path gets index.html from the not-found handler)
  'GET /index.html': { request: get('/index.html'), expect: ANYONE_OK },
  'GET /assets/app-abc123.js': { request: get('/assets/app-abc123.js'), expect: ANYONE_OK },
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

let c: Context;
let routes: string[];

beforeAll(async () => {
  const t = await createTestApp();
  const admin = await make.admin(t);
  const [customer, other, visitorPhoneOwner, ...targets] = await Promise.all(
    Array.from({ length: 6 }, () => make.customer(t)),
  );
  // The best-stocked products, so the orders and holds below never run out.
  const products = (await t.app.inject({ url: '/api/products?limit=48' }))
    .json<{ products: Array<{ _id: string; countInStock: number }> }>()
    .products.sort((a, b) => b.countInStock - a.countInStock);
  const productId = products[0]!._id;
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
  const order = async () => {
    const res = await make.codOrder(t, customer!.token, productId);
    expect(res.statusCode).toBe(201);
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
  const shipped = async (cancel = false) => {
    const id = await order();
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
  const delivered = async () => {
    const id = await shipped();
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
    return {
      returnable,
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
  c = {
    t,
    tokens: { customer: customer!.token, other: other!.token, admin: admin.token },
    phones: {
      visitor: visitorPhoneOwner!.phone,
      customer: customer!.phone,
      other: other!.phone,
      admin: DEMO_ADMIN.phone,
    },
    productId,
    soldOutId: await make.product(t, { stock: 0 }),
    drafts: { read: await draft(), update: await draft(), remove: await draft() },
    orders: {
      read: await order(),
      cancel: await order(),
      ship: await order(),
      invoiced: await shipped(),
      credited: await shipped(true),
    },
    holds: { release: await hold(customer!.token), pay: await hold(targets[2]!.token) },
    users: { read: other!._id, update: targets[0]!._id, remove: targets[1]!._id },
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
  };
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
    const outcome: Record<string, number> = {};
    for (const role of ROLES) {
      const request = row.request(c, role);
      const headers = { ...(request.headers as Record<string, string>) };
      if (role !== 'visitor') Object.assign(headers, bearer(c.tokens[role]));
      const res = await c.t.app.inject({ ...request, headers });
      outcome[role] = res.statusCode;
      if (res.statusCode === 401)
        expect(res.json(), role).toEqual(row.signInRefusal ?? { message: AUTH_MESSAGES.noToken, code: 'NO_TOKEN' });
      if (res.statusCode === 403)
        expect(res.json(), role).toEqual({ message: AUTH_MESSAGES.notAdmin, code: 'NOT_ADMIN' });
      // A password change hands back the token that now works.
      if (
        role !== 'visitor' &&
        request.url === '/api/users/profile' &&
        request.method === 'PUT' &&
        res.statusCode === 200
      ) {
        c.tokens[role] = res.json<{ token: string }>().token;
      }
    }
    expect(outcome).toEqual(Object.fromEntries(ROLES.map((role, i) => [role, row.expect[i]])));

    if (row.expect[0] === 401) {
      // Signed-in routes authenticate first: a visitor's broken body, or a customer's token that never
      // expires (not one we sign), is 401 before anything is read.
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
  });
});
