import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEVANAGARI_FONT_PATH, languagePreloadHtml } from '../src/plugins/web-app.ts';

describe('the Devanagari font preload (issue 30)', () => {
  it('is in a Hindi page head only', () => {
    expect(languagePreloadHtml('hi')).toBe(
      '<link rel="preload" href="/fonts/devanagari-subset.woff2" as="font" type="font/woff2" crossorigin>',
    );
    expect(languagePreloadHtml('en')).toBe('');
  });

  it('names the font the web app ships', () => {
    expect(existsSync(path.join(import.meta.dirname, '../../web/public', DEVANAGARI_FONT_PATH))).toBe(true);
  });
});
