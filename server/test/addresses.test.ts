import type { SavedAddress } from '@rr/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAddresses } from '../src/db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

// Issue 28: a customer's saved delivery addresses.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOME = {
  label: 'Home',
  name: 'Asha Verma',
  phone: '9876543210',
  address: '12 MG Road',
  city: 'Pune',
  postalCode: '411001',
  state: 'Maharashtra',
};
const OFFICE = {
  label: 'Office',
  name: 'Ravi Kumar',
  phone: '+91 98765 43211',
  address: '4 Park Street',
  city: 'Kolkata',
  postalCode: '700016',
  state: 'West Bengal',
  gstin: ' 27aapfu0939f1zv ',
  businessName: 'Ratna Traders Pvt Ltd',
};

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object };
const call = (token: string, { method, url, payload }: Call) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const list = async (token: string) =>
  (await call(token, { method: 'GET', url: '/api/users/addresses' })).json<SavedAddress[]>();
const create = (token: string, payload: object) =>
  call(token, { method: 'POST', url: '/api/users/addresses', payload });
const update = (token: string, id: string, payload: object) =>
  call(token, { method: 'PUT', url: `/api/users/addresses/${id}`, payload });
const remove = (token: string, id: string) => call(token, { method: 'DELETE', url: `/api/users/addresses/${id}` });
const rowsOf = (userId: string) =>
  t.db.select().from(customerAddresses).where(eq(customerAddresses.userId, userId)).orderBy(customerAddresses.id);

describe('saved addresses', () => {
  it('saves, lists (the default first), edits and deletes a customer’s addresses', async () => {
    const me = await make.customer(t);
    expect(await list(me.token)).toEqual([]);

    const home = await create(me.token, HOME);
    expect(home.statusCode).toBe(201);
    expect(home.json()).toEqual({
      _id: expect.any(String),
      ...HOME,
      country: 'India',
      isDefault: true,
    });
    const office = await create(me.token, OFFICE);
    expect(office.statusCode).toBe(201);
    // Normalised as at checkout: the phone's 10 digits, the GSTIN trimmed and upper-cased.
    expect(office.json()).toMatchObject({ phone: '9876543211', gstin: '27AAPFU0939F1ZV', isDefault: false });

    expect((await list(me.token)).map((a) => [a.label, a.isDefault])).toEqual([
      ['Home', true],
      ['Office', false],
    ]);

    const edited = await update(me.token, office.json()._id, { city: 'Howrah', postalCode: '711101' });
    expect(edited.statusCode).toBe(200);
    // Only the fields sent change.
    expect(edited.json()).toMatchObject({
      ...OFFICE,
      phone: '9876543211',
      gstin: '27AAPFU0939F1ZV',
      city: 'Howrah',
      postalCode: '711101',
    });

    // null takes the business invoice off (both together: a business name needs a GSTIN).
    const plain = await update(me.token, office.json()._id, { gstin: null, businessName: null, label: '' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).not.toHaveProperty('gstin');
    expect(plain.json()).not.toHaveProperty('businessName');
    expect(plain.json().label).toBe('');

    const gone = await remove(me.token, office.json()._id);
    expect([gone.statusCode, gone.json()]).toEqual([200, { message: 'Address removed' }]);
    expect((await list(me.token)).map((a) => a.label)).toEqual(['Home']);
  });

  it('moves the default in one step, and to the most recent one left when the default is deleted', async () => {
    const me = await make.customer(t);
    const a = (await create(me.token, { ...HOME, label: 'A' })).json<SavedAddress>();
    const b = (await create(me.token, { ...HOME, label: 'B' })).json<SavedAddress>();
    const c = (await create(me.token, { ...HOME, label: 'C', isDefault: true })).json<SavedAddress>();
    expect(c.isDefault).toBe(true);
    expect((await list(me.token)).map((x) => [x.label, x.isDefault])).toEqual([
      ['C', true],
      ['B', false],
      ['A', false],
    ]);

    const made = await update(me.token, b._id, { isDefault: true });
    expect([made.statusCode, made.json().isDefault]).toEqual([200, true]);
    expect((await list(me.token)).map((x) => [x.label, x.isDefault])).toEqual([
      ['B', true],
      ['C', false],
      ['A', false],
    ]);
    // `isDefault: false` does not leave the customer without a default.
    expect((await update(me.token, b._id, { isDefault: false })).json().isDefault).toBe(true);

    expect((await remove(me.token, b._id)).statusCode).toBe(200);
    expect((await list(me.token)).map((x) => [x.label, x.isDefault])).toEqual([
      ['C', true],
      ['A', false],
    ]);
    expect((await remove(me.token, c._id)).statusCode).toBe(200);
    expect((await remove(me.token, a._id)).statusCode).toBe(200);
    expect(await list(me.token)).toEqual([]);
  });

  it('keeps at most 10 addresses a customer, and says so', async () => {
    const me = await make.customer(t);
    for (let i = 1; i <= 10; i++)
      expect((await create(me.token, { ...HOME, label: `Place ${i}` })).statusCode).toBe(201);
    const refused = await create(me.token, { ...HOME, label: 'Eleventh' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'You can keep at most 10 addresses: delete one you no longer use first.',
      code: 'ADDRESS_LIMIT',
      details: { count: 10 },
    });
    expect(await rowsOf(me._id)).toHaveLength(10);
  });

  it('keeps one default when two first addresses are saved at once', async () => {
    const me = await make.customer(t);
    const replies = await Promise.all([create(me.token, HOME), create(me.token, OFFICE)]);
    expect(replies.map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await rowsOf(me._id)).filter((r) => r.isDefault)).toHaveLength(1);
  });

  it('answers another customer’s address as one that does not exist, and leaves it alone', async () => {
    const owner = await make.customer(t);
    const other = await make.customer(t);
    const admin = await make.admin(t);
    const id = (await create(owner.token, HOME)).json<SavedAddress>()._id;
    const notFound = { message: 'Address not found', code: 'ADDRESS_NOT_FOUND' };
    for (const token of [other.token, admin.token]) {
      const edit = await update(token, id, { city: 'Elsewhere', isDefault: true });
      expect([edit.statusCode, edit.json()]).toEqual([404, notFound]);
      const gone = await remove(token, id);
      expect([gone.statusCode, gone.json()]).toEqual([404, notFound]);
      expect(await list(token)).toEqual([]);
    }
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await update(owner.token, missing, { city: 'X' })).statusCode).toBe(404);
      expect((await remove(owner.token, missing)).statusCode).toBe(404);
    }
    expect(await list(owner.token)).toEqual([{ _id: id, ...HOME, country: 'India', isDefault: true }]);
  });

  it.each([
    ['no recipient', { ...HOME, name: undefined }, /^name/],
    ['a blank recipient', { ...HOME, name: '   ' }, 'name is required'],
    ['no phone', { ...HOME, phone: undefined }, /^phone/],
    ['a landline', { ...HOME, phone: '020 2612 3456' }, 'phone must be a 10-digit Indian mobile number'],
    ['a 5-digit pincode', { ...HOME, postalCode: '41100' }, /pincode/],
    ['a pincode starting with 0', { ...HOME, postalCode: '011001' }, /pincode/],
    ['no city', { ...HOME, city: '' }, 'city is required'],
    ['a long label', { ...HOME, label: 'x'.repeat(41) }, 'label must be at most 40 characters'],
    ['a number for a label', { ...HOME, label: 7 }, 'label must be text'],
    ['an invalid GSTIN', { ...HOME, gstin: '27AAPFU0939F1ZX' }, /^gstin/],
    ['a business name without a GSTIN', { ...HOME, businessName: 'Ratna Traders' }, /GSTIN is required/],
    ['script text', { ...HOME, address: 'a\u0000b' }, /address/],
    ['isDefault as text', { ...HOME, isDefault: 'yes' }, /isDefault/],
  ])('refuses %s with 400 and saves nothing', async (_case, payload, message) => {
    const me = await make.customer(t);
    const res = await create(me.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toMatch(message);
    expect(await rowsOf(me._id)).toEqual([]);
  });

  it.each([
    ['an invalid GSTIN', { gstin: '27AAPFU0939F1ZX' }, /^gstin/],
    [
      'a business name on an address without a GSTIN',
      { businessName: 'Ratna Traders' },
      'gstin: GSTIN is required for a business invoice',
    ],
    [
      'the GSTIN taken off while the business name stays',
      { gstin: null },
      'gstin: GSTIN is required for a business invoice',
    ],
    ['a bad pincode', { postalCode: '1234567' }, /pincode/],
    ['a blank recipient', { name: '' }, 'name is required'],
    ['a null city', { city: null }, /city/],
  ])('refuses an edit with %s, changing nothing', async (_case, payload, message) => {
    const me = await make.customer(t);
    const home = (await create(me.token, HOME)).json<SavedAddress>();
    const office = (await create(me.token, OFFICE)).json<SavedAddress>();
    const target = 'gstin' in payload && payload.gstin === null ? office : home;
    const before = await rowsOf(me._id);
    const res = await update(me.token, target._id, { ...payload, label: 'Changed', isDefault: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await rowsOf(me._id)).toEqual(before);
  });

  it('needs a sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/addresses' });
    expect(res.statusCode).toBe(401);
  });
});
