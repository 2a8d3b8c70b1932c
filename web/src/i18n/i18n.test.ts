import { placeholdersOf } from '@rr/core';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { hi } from './hi.ts';

describe('the storefront texts (issue 30)', () => {
  it('has every English key in Hindi and no other', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
  });

  it('gives each Hindi text the placeholders of its English one', () => {
    const differ = Object.entries(en).filter(
      ([key, text]) => placeholdersOf(text).join() !== placeholdersOf(hi[key as keyof typeof en]).join(),
    );
    expect(differ.map(([key]) => key)).toEqual([]);
  });

  it('translates every text (a Hindi text in Latin letters only is an English one left behind)', () => {
    // Keys whose Hindi text is rightly in Latin letters (a brand, the switch back to English).
    const latinAllowed = new Set(['language.switch', 'language.switchLabel']);
    const untranslated = Object.entries(hi).filter(
      ([key, text]) => !latinAllowed.has(key) && !/[\u0900-\u097F]/.test(text) && /[A-Za-z]/.test(text),
    );
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });
});
