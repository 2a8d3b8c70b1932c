/**
 * Issue 32: search ranking against the demo catalog, as a shopper met it. Each case is a keyword, where
 * it is typed (the search page or the suggestions) and what must come before what.
 */
import type { ProductList, ProductSuggestions } from '@rr/core';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_CACHE: 'false' } });
  // Equally good matches fall to the newest: the products that must come second are made the newest, as
  // when the owner adds them after the others, so that the order does not rest on when each was added.
  await t.db
    .update(products)
    .set({ createdAt: new Date() })
    .where(inArray(products.name, [IOLITE, MALA, JAVA_BEAD]));
});
afterAll(async () => {
  await t?.close();
});

const search = async (keyword: string) =>
  (await t.app.inject({ url: `/api/products?keyword=${encodeURIComponent(keyword)}&limit=48` }))
    .json<ProductList>()
    .products.map((p) => ({ name: p.name, category: p.category }));
const suggest = async (q: string) =>
  (await t.app.inject({ url: `/api/products/suggest?q=${encodeURIComponent(q)}` }))
    .json<ProductSuggestions>()
    .products.map((p) => ({ name: p.name, category: p.category }));
const read = { search, suggest } as const;

const BEAD = 'Nepal 5 Mukhi Rudraksha';
const JAVA_BEAD = 'Java 5 Mukhi Rudraksha Bead, Small 8 mm';
const MALA = 'Nepal 5 Mukhi Rudraksha Jaap Mala, 108+1 Beads, 6 mm';
const NEELAM = 'Blue Sapphire (Neelam), Unheated';
const IOLITE = 'Iolite (Neeli) 4.30 Carat';
const PUKHRAJ = 'Ceylon Yellow Sapphire (Pukhraj) 5.50 Ratti with Lab Report';
const SAFED_PUKHRAJ = 'White Sapphire (Safed Pukhraj) 3.80 Carat';
// Only their descriptions say panchdhatu (set in silver or panchdhatu).
const PANCHDHATU_ONLY = [NEELAM, 'Ceylon Hessonite (Gomed) 7.25 Ratti'];

/** Where `first` stands in `names`, before `then` (which must be there too). */
function expectBefore(names: string[], first: string, then: string) {
  expect(names, `${first} listed`).toContain(first);
  expect(names, `${then} listed`).toContain(then);
  expect(names.indexOf(first), `${first} before ${then} in ${JSON.stringify(names)}`).toBeLessThan(names.indexOf(then));
}

describe('search ranking against the demo catalog (issue 32)', () => {
  it.each([
    ['search', '5 mukhi'],
    ['suggest', '5 mukhi'],
    ['search', 'panchmukhi'],
    ['suggest', 'panchmukhi'],
    ['search', 'पंचमुखी'],
  ] as const)('%s "%s": the beads rank above the mala of them', async (where, keyword) => {
    const names = (await read[where](keyword)).map((p) => p.name);
    expectBefore(names, BEAD, MALA);
    expectBefore(names, JAVA_BEAD, MALA);
  });

  it('suggests Neelam before Iolite for "neel"', async () => {
    expectBefore(
      (await suggest('neel')).map((p) => p.name),
      NEELAM,
      IOLITE,
    );
  });

  it('suggests no product for "panch" that only mentions panchdhatu in its description', async () => {
    const names = (await suggest('panch')).map((p) => p.name);
    for (const name of PANCHDHATU_ONLY) expect(names).not.toContain(name);
    // The word being typed is panchmukhi: the 5 mukhi beads, before the mala.
    expectBefore(names, BEAD, MALA);
  });

  it.each([
    ['search', 'पुखराज'],
    ['suggest', 'पुखराज'],
    ['search', 'pukhraj'],
  ] as const)('%s "%s" finds Pukhraj and Safed Pukhraj', async (where, keyword) => {
    const names = (await read[where](keyword)).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining([PUKHRAJ, SAFED_PUKHRAJ]));
  });

  it.each([['search'], ['suggest']] as const)('%s "rudraksha mala" lists the malas first', async (where) => {
    const found = await read[where]('rudraksha mala');
    const categories = found.map((p) => p.category);
    const malas = categories.filter((c) => c === 'mala').length;
    expect(malas).toBeGreaterThanOrEqual(2);
    expect(categories.slice(0, malas)).toEqual(Array(malas).fill('mala'));
    expect(found.map((p) => p.name)).toContain(MALA);
  });

  it('still finds panchdhatu in a description on the search page, where the keyword is read literally', async () => {
    const names = (await search('panchdhatu')).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(PANCHDHATU_ONLY));
  });
});
