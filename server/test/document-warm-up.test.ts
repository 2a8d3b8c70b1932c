import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as make from './factories.ts';
import { DEMO_ADMIN, bearer, createTestApp, eventually, signIn, type TestApp } from './helpers.ts';

// Issue 31: the documents' fonts are loaded once staff are at work, not at start (about 30 MB that a
// shop nobody is running the desk of does not need), and still before the first document's request.

let t: TestApp;
const warm = vi.fn(() => Promise.resolve());
beforeAll(async () => {
  t = await createTestApp({ warmDocuments: warm });
});
afterAll(async () => {
  await t?.close();
});

describe('the documents’ warm-up', () => {
  it('starts after the first answer to staff, once; shoppers and customers leave it alone', async () => {
    const customer = await make.customer(t);
    expect((await t.app.inject({ url: '/api/products' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/profile', headers: bearer(customer.token) })).statusCode).toBe(200);
    // A staff member's sign-in is not yet their work (no signed-in request).
    const admin = await signIn(t.app, DEMO_ADMIN);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(warm).not.toHaveBeenCalled();

    expect((await t.app.inject({ url: '/api/orders', headers: bearer(admin.token) })).statusCode).toBe(200);
    await eventually(async () => expect(warm).toHaveBeenCalledTimes(1));
    expect((await t.app.inject({ url: '/api/orders', headers: bearer(admin.token) })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(warm).toHaveBeenCalledTimes(1);
  });
});
