import { placeholdersOf } from '@rr/core';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { account as enAccount } from './en/account.ts';
import { hi } from './hi.ts';
import { account as hiAccount } from './hi/account.ts';
import { areaKey, loadTextArea, startingTexts } from './index.tsx';

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

describe('the text areas that load with their pages (issue 30)', () => {
  it('names each area by one of its own keys, in both languages, and starts without it', async () => {
    for (const [area, english, hindi] of [['account', enAccount, hiAccount]] as const) {
      const key = areaKey(area);
      expect(english, area).toHaveProperty([key]);
      expect(hindi, area).toHaveProperty([key]);
      for (const language of ['en', 'hi'] as const) {
        const texts = await startingTexts(language);
        expect(texts, `${language} ${area}`).not.toHaveProperty([key]);
      }
    }
  });

  it('loads an area into the texts once, and not again when they have it', async () => {
    const texts = await startingTexts('hi');
    const pending = loadTextArea('hi', texts, 'account');
    expect(pending).toBeInstanceOf(Promise);
    expect(loadTextArea('hi', texts, 'account')).toBe(pending);
    await pending;
    expect(texts['account.signIn']).toBe(hiAccount['account.signIn']);
    expect(texts['product.addToCart']).toBe(hi['product.addToCart']);
    expect(loadTextArea('hi', texts, 'account')).toBeNull();
    // Texts that have everything (the server's) never wait.
    expect(loadTextArea('en', { ...en }, 'account')).toBeNull();
  });
});
