import { describe, expect, it } from 'vitest';
import { AMOUNT_IN_WORDS_MAX_PAISE, amountInWords } from './amount-in-words.ts';

describe('amountInWords', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [1, 'Rupees Zero and One Paisa Only'],
    [50, 'Rupees Zero and Fifty Paise Only'],
    [100, 'Rupees One Only'],
    [101, 'Rupees One and One Paisa Only'],
    [10_00, 'Rupees Ten Only'],
    [11_00, 'Rupees Eleven Only'],
    [19_99, 'Rupees Nineteen and Ninety-Nine Paise Only'],
    [20_00, 'Rupees Twenty Only'],
    [21_05, 'Rupees Twenty-One and Five Paise Only'],
    [99_00, 'Rupees Ninety-Nine Only'],
    [100_00, 'Rupees One Hundred Only'],
    [105_00, 'Rupees One Hundred Five Only'],
    [118_00, 'Rupees One Hundred Eighteen Only'],
    [999_00, 'Rupees Nine Hundred Ninety-Nine Only'],
    [1000_00, 'Rupees One Thousand Only'],
    [1001_00, 'Rupees One Thousand One Only'],
    [10_000_00, 'Rupees Ten Thousand Only'],
    [99_999_00, 'Rupees Ninety-Nine Thousand Nine Hundred Ninety-Nine Only'],
    [1_00_000_00, 'Rupees One Lakh Only'],
    [1_00_001_00, 'Rupees One Lakh One Only'],
    [1_23_456_78, 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only'],
    [10_00_000_00, 'Rupees Ten Lakh Only'],
    [12_34_567_00, 'Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven Only'],
    [99_99_999_99, 'Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only'],
    [1_00_00_000_00, 'Rupees One Crore Only'],
    [1_00_00_100_00, 'Rupees One Crore One Hundred Only'],
    [1_02_00_030_00, 'Rupees One Crore Two Lakh Thirty Only'],
    [
      99_99_99_999_99,
      'Rupees Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    ],
    [40_70_00_013_10, 'Rupees Forty Crore Seventy Lakh Thirteen and Ten Paise Only'],
  ])('%i paise -> %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('writes every number from 1 to 99 once, hyphenating tens and units', () => {
    const words = Array.from({ length: 99 }, (_, i) => amountInWords((i + 1) * 100));
    expect(new Set(words).size).toBe(99);
    expect(words[41]).toBe('Rupees Forty-Two Only');
    expect(words[79]).toBe('Rupees Eighty Only');
    expect(words.filter((w) => w.includes('-'))).toHaveLength(99 - 19 - 8);
  });

  it('refuses what is not a whole amount up to its maximum', () => {
    for (const bad of [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, AMOUNT_IN_WORDS_MAX_PAISE + 1]) {
      expect(() => amountInWords(bad)).toThrow(RangeError);
    }
  });
});
