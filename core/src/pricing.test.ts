import { describe, expect, it } from 'vitest';
import { lowestMrpPaise, unitPriceWithGstPaise } from './pricing.ts';

describe('unitPriceWithGstPaise', () => {
  it('adds 18% by default and the given rate otherwise', () => {
    expect(unitPriceWithGstPaise(10000)).toBe(11800);
    expect(unitPriceWithGstPaise(10000, 300)).toBe(10300);
    expect(unitPriceWithGstPaise(10000, 25)).toBe(10025);
    expect(unitPriceWithGstPaise(10000, 0)).toBe(10000);
  });
});

describe('lowestMrpPaise', () => {
  it('rounds the GST of one unit up, where the price with GST rounds half up', () => {
    // 0.25% of ₹12.34 = 3.085 paise: one unit costs 1237 paise, but the MRP must be at least 1238
    expect(unitPriceWithGstPaise(1234, 25)).toBe(1237);
    expect(lowestMrpPaise(1234, 25)).toBe(1238);
    expect(lowestMrpPaise(10000, 1800)).toBe(11800);
  });
});
