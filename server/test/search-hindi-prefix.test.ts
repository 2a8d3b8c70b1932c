/**
 * Issue 30: a Hindi name that starts with the keyword ranks first, as an English one does (the first
 * tier reads lower(name_hi) through its prefix index, migration 0041).
 */
import type { ProductList, ProductSuggestions } from '@rr/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_CACHE: 'false' } });
  // The one whose Hindi name only holds the word is the newer: equally good matches fall to the newest.
  await make.product(t, {
    name: 'Jackfruit seed mala',
    columns: { nameHi: 'कटहल बीज माला', createdAt: new Date('2026-01-01T00:00:00Z') },
  });
  await make.product(t, {
    name: 'Real jackfruit seed',
    columns: { nameHi: 'असली कटहल बीज', createdAt: new Date('2026-06-01T00:00:00Z') },
  });
});
afterAll(async () => {
  await t?.close();
});

describe('a Hindi keyword', () => {
  it('lists the product whose Hindi name starts with it first on the search page', async () => {
    const res = await t.app.inject({ url: `/api/products?keyword=${encodeURIComponent('कटहल')}` });
    expect(res.json<ProductList>().products.map((p) => p.name)).toEqual(['Jackfruit seed mala', 'Real jackfruit seed']);
  });

  it('suggests the product whose Hindi name starts with it first while typing', async () => {
    const res = await t.app.inject({ url: `/api/products/suggest?q=${encodeURIComponent('कटह')}` });
    expect(res.json<ProductSuggestions>().products.map((p) => p.name)).toEqual([
      'Jackfruit seed mala',
      'Real jackfruit seed',
    ]);
  });
});
