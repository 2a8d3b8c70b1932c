import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/pincode/:code', () => {
  it.each([
    ['110001', { city: 'New Delhi', division: 'New Delhi Central', district: 'Central Delhi', state: 'Delhi' }],
    ['221001', { city: 'Varanasi', division: 'Varanasi East', state: 'Uttar Pradesh' }],
    ['560001', { city: 'Bangalore', division: 'Bangalore GPO', state: 'Karnataka' }],
    ['400001', { city: 'Mumbai', division: 'Mumbai South', state: 'Maharashtra' }],
    // PRODUCT.md's state corrections
    ['500001', { city: 'Hyderabad', state: 'Telangana' }],
    ['194101', { city: 'Leh', state: 'Ladakh' }],
    ['396210', { state: 'Dadra and Nagar Haveli and Daman and Diu' }],
    ['362520', { state: 'Dadra and Nagar Haveli and Daman and Diu' }],
  ])('finds %s', async (code, expected) => {
    const res = await t.app.inject({ url: `/api/pincode/${code}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pincode: code, ...expected });
    expect(res.headers['cache-control']).toContain('max-age');
  });

  it('answers 404 for a well-formed pincode nobody uses', async () => {
    const res = await t.app.inject({ url: '/api/pincode/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Unknown pincode', code: 'UNKNOWN_PINCODE' });
  });

  it.each(['abcdef', '012345', '12345', '1234567', '11000%', "1' or '1"])(
    'answers 400 for the malformed %s',
    async (code) => {
      const res = await t.app.inject({ url: `/api/pincode/${encodeURIComponent(code)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A pincode is 6 digits and does not start with 0');
    },
  );
});
