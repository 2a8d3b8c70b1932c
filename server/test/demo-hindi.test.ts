/**
 * Issue 30: every demo product has a Hindi name and description, written in Devanagari, and the seeded
 * catalog carries them.
 */
import { ORIGIN_SUGGESTIONS, type Product } from '@rr/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoProductId } from '../src/db/seed.ts';
import { demoProducts } from '../src/db/seed/demo-catalog.ts';
import { demoFactsOf } from '../src/db/seed/demo-facts.ts';
import { demoHindiOf, demoHindiSlugs } from '../src/db/seed/demo-hindi.ts';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Devanagari (with its danda), digits and punctuation: no Latin letters. */
const DEVANAGARI_TEXT = /^[\p{Script_Extensions=Devanagari}\d\s.,;:()+\-–—'’“”!?%₹/]+$/u;

describe('the demo catalog in Hindi', () => {
  it('has a Devanagari name and description for every product, and none for a product it lacks', () => {
    expect(new Set(demoHindiSlugs)).toEqual(new Set(demoProducts.map((p) => p.slug)));
    for (const p of demoProducts) {
      const { nameHi, descriptionHi } = demoHindiOf(p.slug);
      expect(nameHi, p.slug).toMatch(DEVANAGARI_TEXT);
      expect(nameHi.length, p.slug).toBeLessThanOrEqual(120);
      expect(descriptionHi, p.slug).toMatch(DEVANAGARI_TEXT);
      expect(descriptionHi.length, p.slug).toBeGreaterThan(60);
    }
  });

  it("names every product's origin among the trade's origins, which the Hindi pages name in Hindi", () => {
    const origins = new Set(
      demoProducts.flatMap((p) => {
        const { origin } = demoFactsOf(p.slug);
        return origin ? [origin] : [];
      }),
    );
    expect(origins.size).toBeGreaterThan(5);
    for (const origin of origins) expect(ORIGIN_SUGGESTIONS as readonly string[], origin).toContain(origin);
  });

  it('names the stones and beads by their trade names', () => {
    expect(demoHindiOf('blue-sapphire-neelam-4-ratti-unheated').nameHi).toMatch(/^नीलम/);
    expect(demoHindiOf('ceylon-yellow-sapphire-pukhraj-5-50-ratti').nameHi).toContain('पुखराज');
    expect(demoHindiOf('nepal-5-mukhi-rudraksha').nameHi).toContain('पंचमुखी रुद्राक्ष');
    expect(demoHindiOf('nepal-5-mukhi-rudraksha-jaap-mala').nameHi).toContain('रुद्राक्ष जाप माला');
  });

  it('is seeded with them, and a Devanagari search finds them', async () => {
    const neelam = await t.app.inject({
      url: `/api/products/${demoProductId('blue-sapphire-neelam-4-ratti-unheated')}`,
    });
    expect(neelam.json<Product>()).toMatchObject(demoHindiOf('blue-sapphire-neelam-4-ratti-unheated'));
    const found = await t.app.inject({ url: `/api/products?keyword=${encodeURIComponent('पंचमुखी')}` });
    const first = found
      .json<{ products: Product[] }>()
      .products.slice(0, 3)
      .map((p) => p.nameHi);
    expect(first).toContain('नेपाली पंचमुखी रुद्राक्ष');
  });
});
