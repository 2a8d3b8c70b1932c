import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const web = path.join(import.meta.dirname, '../../web');
const FONT = '/fonts/devanagari-subset.woff2';

describe("the shop's Devanagari font (issue 30, decision 0054)", () => {
  it('is the file the styles name, early.js fetches, and the web app ships', () => {
    const css = readFileSync(path.join(web, 'src/styles/global.css'), 'utf8');
    const early = readFileSync(path.join(web, 'public/early.js'), 'utf8');
    expect(css).toContain(`url('${FONT}')`);
    expect(early).toContain(`'${FONT}'`);
    expect(existsSync(path.join(web, 'public', FONT))).toBe(true);
  });

  it('is drawn only under the class early.js sets, and never holds a page (font-display: optional)', () => {
    const css = readFileSync(path.join(web, 'src/styles/global.css'), 'utf8');
    const face = css.slice(css.indexOf('@font-face'), css.indexOf('}', css.indexOf('@font-face')));
    expect(face).toContain("font-family: 'RR Devanagari'");
    expect(face).toContain('font-display: optional');
    const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
    const users = [...withoutComments.matchAll(/([^{}]+)\{[^}]*'RR Devanagari'[^}]*\}/g)]
      .map((m) => m[1]!.trim())
      .filter((selector) => selector !== '@font-face');
    expect(users).toEqual([':root.rr-devanagari:lang(hi)']);
  });
});
