import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision 0068: every text of the shop is one of the type scale's sizes (global.css `--text-*`), so a
 * first layout looks up few font sizes. A new `font-size: 0.83rem` would quietly add lookups back.
 */
const webSrc = path.join(import.meta.dirname, '..');

function cssFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** What a size may be besides a token: the headings' fluid clamps, and sizes relative to the parent. */
const ALLOWED = [/^var\(--text-(xs|sm|md|base|lg|xl|2xl)\)$/, /^clamp\(/, /^[\d.]+em$/, /^inherit$/];

describe('the type scale', () => {
  it('is the only way the stylesheets size text', () => {
    const offending = cssFiles(webSrc).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/font-size:\s*([^;}]+?)\s*(?:!important)?\s*[;}]/g)]
        .map((m) => m[1]!.trim())
        .filter((value) => !ALLOWED.some((allowed) => allowed.test(value)))
        .map((value) => `${path.relative(webSrc, file)}: ${value}`),
    );
    expect(offending).toEqual([]);
  });

  it('defines each token once, in rem, smallest first', () => {
    const global = readFileSync(path.join(webSrc, 'styles/global.css'), 'utf8');
    const sizes = ['xs', 'sm', 'md', 'base', 'lg', 'xl', '2xl'].map((name) => {
      const found = [...global.matchAll(new RegExp(`--text-${name}:\\s*([\\d.]+)rem;`, 'g'))];
      expect(found, `--text-${name}`).toHaveLength(1);
      return Number(found[0]![1]);
    });
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(new Set(sizes).size).toBe(sizes.length);
  });
});
