import { describe, expect, it } from 'vitest';
import { demoMarkupPercent } from './demo-mrp.ts';
import { categoryLabel, discountPercent, metaDescription, ratingStars, truncateCardName } from './display.ts';

describe('truncateCardName', () => {
  it('keeps names of up to 40 characters', () => {
    const forty = 'a'.repeat(40);
    expect(truncateCardName(forty)).toBe(forty);
  });
  it('cuts longer names to 37 characters and an ellipsis', () => {
    expect(truncateCardName('b'.repeat(41))).toBe(`${'b'.repeat(37)}...`);
  });
  it('counts characters, not UTF-16 units', () => {
    const name = `${'₹'.repeat(39)}🙏`; // 40 characters, 41 UTF-16 units
    expect(truncateCardName(name)).toBe(name);
  });
});

describe('discountPercent', () => {
  it('is the real saving on the MRP (which includes GST) from the price with 18% GST, rounded down', () => {
    expect(discountPercent(100, 236, 18)).toBe(50); // pays 118
    expect(discountPercent(299, 499, 18)).toBe(29); // pays 352.82: 29.3 %
    expect(discountPercent(66.67, 100, 18)).toBe(21); // pays 78.67
  });
  it('is null without an MRP above the price with GST', () => {
    expect(discountPercent(100, null, 18)).toBeNull();
    expect(discountPercent(100, undefined, 18)).toBeNull();
    expect(discountPercent(100, 118, 18)).toBeNull();
    expect(discountPercent(299, 320, 18)).toBeNull(); // the example: ₹352.82 is above the MRP
    expect(discountPercent(100, 118.5, 18)).toBeNull(); // under 1 %
  });
  it("follows the category's GST rate", () => {
    expect(discountPercent(100, 118, 3)).toBe(12); // pays 103: 12.7 %
    expect(discountPercent(100, 103, 3)).toBeNull();
    expect(discountPercent(1000, 1100, 0.25)).toBe(8); // pays 1002.50: 8.86 %
    expect(discountPercent(100, 200, 0)).toBe(50);
  });
});

describe('ratingStars', () => {
  it('shows half-star steps on a scale of 5', () => {
    expect(ratingStars(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(ratingStars(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(ratingStars(4.24)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(ratingStars(4.25)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(ratingStars(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(ratingStars(9)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });
});

describe('demoMarkupPercent', () => {
  it('is deterministic and between 50 and 90', () => {
    const ids = Array.from({ length: 500 }, (_, i) => `product-${i}`);
    const values = ids.map(demoMarkupPercent);
    expect(Math.min(...values)).toBe(50);
    expect(Math.max(...values)).toBe(90);
    expect(ids.map(demoMarkupPercent)).toEqual(values);
  });
});

describe('categoryLabel', () => {
  it('capitalises', () => {
    expect(categoryLabel('gems')).toBe('Gems');
    expect(categoryLabel('RUDRAKSHA')).toBe('Rudraksha');
  });
});

describe('metaDescription', () => {
  it('keeps a description that fits, on one line', () => {
    expect(metaDescription('Five-faced bead.\nFrom Nepal.')).toBe('Five-faced bead. From Nepal.');
    const fits = 'a'.repeat(160);
    expect(metaDescription(fits)).toBe(fits);
  });
  it('cuts a longer one after its last whole word, with an ellipsis, within the limit', () => {
    const text = `${'word '.repeat(31)}ending`; // 161 characters
    const cut = metaDescription(text);
    expect(cut).toBe(`${'word '.repeat(31).trim()}…`);
    expect(Array.from(cut).length).toBeLessThanOrEqual(160);
    expect(metaDescription('Genuine panchmukhi rudraksha beads', 20)).toBe('Genuine panchmukhi…');
  });
  it('never ends on a comma or a stop before the ellipsis', () => {
    expect(metaDescription('Nepal bead, lab certified', 15)).toBe('Nepal bead…');
    expect(metaDescription('पाँच मुखी रुद्राक्ष। नेपाल से', 22)).toBe('पाँच मुखी रुद्राक्ष…');
  });
  it('cuts a single word longer than the limit', () => {
    expect(metaDescription('abcdefghij', 5)).toBe('abcd…');
  });
});
