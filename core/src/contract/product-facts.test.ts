import { describe, expect, it } from 'vitest';
import { productUpdate } from './catalog.ts';
import { rattiFromCarats } from '../gem-facts.ts';
import { productFacts } from './product-facts.ts';

describe('product facts', () => {
  it('derives ratti at the commercial 0.91 ct, to 2 decimals', () => {
    expect(rattiFromCarats(4.55)).toBe(5);
    expect(rattiFromCarats(3.64)).toBe(4);
    expect(rattiFromCarats(1)).toBe(1.1);
  });

  it('reads form text as numbers, empty text as "none", and the planet in any case', () => {
    const parsed = productFacts.parse({
      mukhi: '5',
      origin: '',
      sizeMm: ' 8.5 ',
      weightCarats: null,
      beadCount: '',
      planet: 'RAHU',
      certificateLab: '  ',
      certificateNumber: 'A-1',
      certificateFile: '',
      images: ['/uploads/a.webp'],
    });
    expect(parsed).toEqual({
      mukhi: 5,
      origin: null,
      sizeMm: 8.5,
      weightCarats: null,
      beadCount: null,
      planet: 'Rahu',
      certificateLab: null,
      certificateNumber: 'A-1',
      certificateFile: null,
      images: ['/uploads/a.webp'],
    });
  });

  it('leaves out of an update what the body leaves out, so the stored value stays', () => {
    expect(productUpdate.parse({ name: 'Bead' })).toEqual({ name: 'Bead' });
    expect(productUpdate.parse({ images: null, mukhi: '' })).toEqual({ images: [], mukhi: null });
  });
});
