import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 32: a fresh `npm ci` prints no warning. Two kinds came: a package whose engines want a newer Node
 * than the README's (cookie@2 under fastify's light-my-request wanted Node 22: package.json's overrides
 * keep cookie 1, which has the same stringifySetCookie), and install scripts npm no longer runs unasked
 * (esbuild's postinstall only checks the binary its optional dependency already brings: package.json's
 * allowScripts denies it).
 */
// npm's own version ranges (semver ships without types; these two functions are all the test needs).
const semver = createRequire(import.meta.url)('semver') as {
  minVersion: (range: string) => { version: string } | null;
  satisfies: (version: string, range: string) => boolean;
};
const root = path.join(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; hasInstallScript?: boolean }>;
};
const packageName = (location: string) =>
  location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('a fresh install (issue 32)', () => {
  it('has no package that wants a newer Node than the lowest the shop supports', () => {
    const lowest = semver.minVersion(manifest.engines.node)!.version;
    const newer = Object.entries(lock.packages)
      .filter(([location, entry]) => {
        const wanted = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
        return location !== '' && wanted !== undefined && !semver.satisfies(lowest, wanted);
      })
      .map(([location, entry]) => `${packageName(location)}@${entry.version}`);
    expect(newer).toEqual([]);
  });

  it('has a decision in allowScripts for every package with an install script', () => {
    const undecided = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript)
      .map(([location]) => packageName(location))
      .filter((name) => !(name in (manifest.allowScripts ?? {})));
    expect(undecided).toEqual([]);
  });
});
