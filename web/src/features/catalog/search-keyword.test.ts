import { MAX_KEYWORD_LENGTH } from '@rr/core';
import { describe, expect, it } from 'vitest';
import { searchKeyword } from './search-keyword.ts';

describe('searchKeyword', () => {
  it('keeps a normal keyword, trimmed', () => {
    expect(searchKeyword('  5 mukhi ')).toBe('5 mukhi');
  });

  it(`cuts a long keyword to ${MAX_KEYWORD_LENGTH} characters`, () => {
    const long = 'panchmukhi'.repeat(15);
    expect(searchKeyword(long)).toBe(long.slice(0, MAX_KEYWORD_LENGTH));
    expect(searchKeyword('x'.repeat(MAX_KEYWORD_LENGTH))).toHaveLength(MAX_KEYWORD_LENGTH);
  });

  it('never cuts a character in half', () => {
    const cut = searchKeyword(`${'a'.repeat(MAX_KEYWORD_LENGTH - 1)}📿📿`);
    expect(cut).toBe('a'.repeat(MAX_KEYWORD_LENGTH - 1));
    expect(() => encodeURIComponent(cut)).not.toThrow();
  });

  it('does not end in a space after the cut', () => {
    expect(searchKeyword(`${'a'.repeat(MAX_KEYWORD_LENGTH - 1)} bcd`)).toBe('a'.repeat(MAX_KEYWORD_LENGTH - 1));
  });
});
