import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { StorefrontRenderer } from '@rr/core';
import { pageShell, readPageTemplate, registerWebApp } from '../src/plugins/web-app.ts';

// The web app's own server rendering, from its source (vitest compiles it).
const ENTRY_SERVER: string = '../../web/src/entry-server.tsx';

/** A built web app's index.html, as Vite writes it (in English). */
function builtApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rr-language-shell-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en-IN"><head><meta name="description" content="Authentic rudraksha." />' +
      '<title>Rudraksha Ratna | Rudraksha, Gems and Malas</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

describe('a page the browser renders, under /hi (issue 30)', () => {
  it('comes in Hindi: <html lang="hi-IN">, no font preloaded (decision 0054); English pages as built', async () => {
    const dir = builtApp();
    const app = Fastify();
    await registerWebApp(app, dir, readPageTemplate(dir), null);
    for (const url of ['/hi/cart', '/hi/login', '/hi/order/abc?x=1', '/hi']) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<html lang="hi-IN">');
      expect(page.body, url).not.toContain('devanagari-subset');
    }
    for (const url of ['/cart', '/login', '/history']) {
      const page = await app.inject({ url });
      expect(page.body, url).toContain('<html lang="en-IN">');
      expect(page.body, url).not.toContain('devanagari');
    }
    await app.close();
  });

  it('has the shop’s Hindi title and description, from the storefront’s texts (until the app names the page)', async () => {
    const dir = builtApp();
    const app = Fastify();
    const { storefront }: { storefront: StorefrontRenderer } = await import(ENTRY_SERVER);
    await registerWebApp(app, dir, readPageTemplate(dir), null, storefront.shellHead);
    const hindi = (await app.inject({ url: '/hi/cart' })).body;
    expect(hindi).toContain('<title>रुद्राक्ष रत्न | रुद्राक्ष, रत्न और मालाएँ</title>');
    expect(hindi).toMatch(/<meta name="description" content="नेपाल और जावा के असली रुद्राक्ष[^"<>]*" \/>/);
    expect(hindi).not.toContain('Authentic rudraksha');
    const english = (await app.inject({ url: '/cart' })).body;
    expect(english).toContain('<title>Rudraksha Ratna | Rudraksha, Gems and Malas</title>');
    expect(english).toContain('content="Authentic rudraksha."');
    await app.close();
  });

  it('escapes the texts it writes into the shell', () => {
    const html = '<html lang="en-IN"><head><meta name="description" content="x"><title>x</title></head></html>';
    expect(pageShell(html, 'hi', { title: 'A & <B>', description: 'say "hi"' })).toBe(
      '<html lang="hi-IN"><head><meta name="description" content="say &quot;hi&quot;"><title>A &amp; &lt;B&gt;</title></head></html>',
    );
  });

  it('leaves an English shell as it is', () => {
    const html = '<html lang="en-IN"><head></head></html>';
    expect(pageShell(html, 'en')).toBe(html);
    expect(pageShell(html, 'hi')).toBe('<html lang="hi-IN"><head></head></html>');
  });
});
