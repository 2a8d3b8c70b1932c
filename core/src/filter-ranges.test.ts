import { describe, expect, it } from 'vitest';
import { parseListingFilters } from './contract/search.ts';
import { rangeProblem } from './filter-ranges.ts';

describe('rangeProblem: a from-to filter as typed', () => {
  it('takes either bound alone, and equal bounds', () => {
    expect(rangeProblem('price', '500', undefined)).toBeNull();
    expect(rangeProblem('price', undefined, '500')).toBeNull();
    expect(rangeProblem('price', '500', '500')).toBeNull();
    expect(rangeProblem('weight', '3', '5.25')).toBeNull();
  });

  it('names a minimum above the maximum (compared as numbers, not as text)', () => {
    expect(rangeProblem('price', '900', '1000')).toBeNull();
    expect(rangeProblem('price', '1000', '900')).toBe('rangeReversed');
    expect(rangeProblem('weight', '5.5', '3')).toBe('rangeReversed');
  });

  it('names a value the listing cannot read, as the server reads it', () => {
    for (const [name, value] of [
      ['price', 'cheap'],
      ['price', '-5'],
      ['price', '12345678'],
      ['weight', 'five'],
      ['weight', '3.125'],
    ] as const) {
      expect(rangeProblem(name, value, undefined)).toBe('rangeNotNumber');
      const key = name === 'price' ? 'minPrice' : 'minCarats';
      expect(parseListingFilters({ [key]: value })).toBeNull();
    }
  });
});
