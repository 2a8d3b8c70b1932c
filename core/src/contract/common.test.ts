import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { numberFromText, wholeNumber } from './common.ts';

const price = numberFromText(z.number({ error: 'price must be a number' }));
const qty = z.object({ qty: wholeNumber('qty', 1, 10) });

describe('numberFromText', () => {
  it.each([
    ['4', 4],
    [' 1499.50 ', 1499.5],
    ['-1', -1],
    ['007', 7],
    [12.5, 12.5],
  ])('takes %j as the number %d', (input, expected) => {
    expect(price.parse(input)).toBe(expected);
  });

  it.each(['', '   ', 'abc', '1e3', '0x10', 'Infinity', 'NaN', '1,499', '+4', '4.', '.5', '4 5', true, null, [4], {}])(
    'refuses %j with the field’s own message',
    (input) => {
      const result = price.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('price must be a number');
    },
  );
});

describe('wholeNumber', () => {
  it('takes a whole number or its text, within bounds, naming the field otherwise', () => {
    expect(qty.parse({ qty: '3' })).toEqual({ qty: 3 });
    expect(qty.safeParse({ qty: '2.5' }).error?.issues[0]?.message).toBe('qty must be a whole number');
    expect(qty.safeParse({ qty: '0' }).error?.issues[0]?.message).toBe('qty must be at least 1');
    expect(qty.safeParse({ qty: '99999999999999999999' }).error?.issues[0]?.message).toBe('qty must be a whole number');
    expect(qty.safeParse({ qty: '11' }).error?.issues[0]?.message).toBe('qty must be at most 10');
  });
});
