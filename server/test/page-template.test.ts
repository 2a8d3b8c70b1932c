import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPageTemplate } from '../src/plugins/web-app.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** A built web app as Vite writes it: index.html naming early.js and the entry's stylesheet. */
function builtApp(css: string, early = EARLY): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rr-page-template-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>t</title><script src="/early.js"></script>' +
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'early.js'), early);
  writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1);');
  writeFileSync(path.join(dir, 'assets', 'index-abc.css'), css);
  return dir;
}
const EARLY = "document.documentElement.classList.add('x');\n";
const EARLY_HASH = `'sha256-${createHash('sha256').update(EARLY).digest('base64')}'`;
const CSS = 'body{color:#222}.a{background:url("data:image/svg+xml,%3Csvg%3E")}';

describe('the page template', () => {
  it('carries early.js and the entry stylesheet in the page, with the script hash for the CSP', () => {
    const template = readPageTemplate(builtApp(CSS))!;
    expect(template.html).toContain(`<script>${EARLY}</script>`);
    expect(template.html).toContain(`<style>${CSS}</style>`);
    expect(template.html).not.toContain('early.js');
    expect(template.html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    // The app's module script stays a file.
    expect(template.html).toContain('src="/assets/index-abc.js"');
    expect(template.scriptSources).toEqual([EARLY_HASH]);
  });

  it("leaves early.js's comments out of every page's head (issue 32), and the script as it runs", () => {
    const early = readFileSync(path.resolve(import.meta.dirname, '../../web/public/early.js'), 'utf8');
    expect(early).toMatch(/^\s*\/\/ /m);
    const template = readPageTemplate(builtApp(CSS, early))!;
    const inlined = template.html.match(/<script>([\s\S]*?)<\/script>/)![1]!;
    expect(inlined).not.toMatch(/^\s*\/\//m);
    expect(inlined.length).toBeLessThan(early.length / 2);
    expect(inlined).toContain("document.addEventListener('DOMContentLoaded'");
    expect(() => new Function(inlined)).not.toThrow();
    expect(template.scriptSources).toEqual([`'sha256-${createHash('sha256').update(inlined).digest('base64')}'`]);
  });

  it('carries every stylesheet the build links, in their order (a shared one and the entry one)', () => {
    const dir = builtApp(CSS);
    const index = path.join(dir, 'index.html');
    writeFileSync(
      index,
      readFileSync(index, 'utf8').replace(
        '<link rel="stylesheet"',
        '<link rel="stylesheet" crossorigin href="/assets/shared-abc.css"><link rel="stylesheet"',
      ),
    );
    writeFileSync(path.join(dir, 'assets', 'shared-abc.css'), '.shared{color:red}');
    const { html } = readPageTemplate(dir)!;
    // Each link stays, disabled (not fetched), so that the loader of a lazy page's code, which names
    // them among what that code needs, finds them and adds no second link after the entry's styles.
    expect(html).toContain(
      `<style>.shared{color:red}</style><link rel="stylesheet" href="/assets/shared-abc.css" disabled>` +
        `<style>${CSS}</style><link rel="stylesheet" href="/assets/index-abc.css" disabled>`,
    );
    expect(html).not.toMatch(/<link rel="stylesheet"(?: crossorigin)? href="[^"]*">/);
  });

  it('keeps the stylesheet a link if its text would end the style element', () => {
    const template = readPageTemplate(builtApp('.a::after{content:"</style>"}'))!;
    expect(template.html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
  });

  it('is absent without a build', () => {
    expect(readPageTemplate(path.join(tmpdir(), 'rr-no-such-build'))).toBeNull();
  });
});

describe('pages served with the template', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { WEB_DIST_DIR: builtApp(CSS) } });
  });
  afterAll(() => t?.close());

  it('send the inline script and style, and allow that script (only) by its hash', async () => {
    const res = await t.app.inject({ url: '/cart' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<script>${EARLY}</script>`);
    expect(res.body).toContain(`<style>${CSS}</style>`);
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc.trim().split(/\s+/)).toEqual(['script-src', "'self'", EARLY_HASH]);
    // The file is still there for anything that asks for it.
    expect((await t.app.inject({ url: '/early.js' })).body).toBe(EARLY);
  });
});
