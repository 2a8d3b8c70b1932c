import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageShell, readPageTemplate, registerWebApp } from '../src/plugins/web-app.ts';

/** A built web app's index.html, as Vite writes it (in English). */
function builtApp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rr-language-shell-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en-IN"><head><title>t</title></head><body><div id="root"></div></body></html>',
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

  it('leaves an English shell as it is', () => {
    const html = '<html lang="en-IN"><head></head></html>';
    expect(pageShell(html, 'en')).toBe(html);
    expect(pageShell(html, 'hi')).toBe('<html lang="hi-IN"><head></head></html>');
  });
});
