import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newPglite } from '../src/db/client.ts';

// Issue 31: what the shop holds idle. Sizes, not times: these say which settings are in force.

const root = path.resolve(import.meta.dirname, '../..');

describe('idle memory', () => {
  const client = newPglite();
  afterAll(async () => {
    await client.close();
  });

  it('gives PGlite a small buffer pool and tables for a few connections, not initdb’s 128 MB and 100', async () => {
    const { rows } = await client.query<{ shared_buffers: string; max_connections: string }>(
      "select current_setting('shared_buffers') as shared_buffers, current_setting('max_connections') as max_connections",
    );
    expect(rows[0]).toEqual({ shared_buffers: '8MB', max_connections: '4' });
    // And what the database still does with them: search (pg_trgm) and a query over its own tables.
    const { rows: count } = await client.query<{ n: number }>('select count(*)::int as n from pg_class');
    expect(count[0]!.n).toBeGreaterThan(0);
  });

  /**
   * The young generation's size in a process of its own (the flags are the process's), after v8-flags.ts
   * is loaded and `then` has run, once it has kept many objects alive for a while: that grows it to
   * 32 MB where nothing holds it back.
   */
  function youngGenerationAfterChurn(then: string): number {
    const script = [
      "const flags = await import('./server/src/v8-flags.ts');",
      "const v8 = await import('node:v8');",
      then,
      'const keep = [];',
      'for (let i = 0; i < 2e6; i++) { keep.push({ i, s: "x" + i }); if (keep.length > 200000) keep.splice(0, 100000); }',
      "const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');",
      'console.log(space.space_size);',
    ].join('\n');
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    });
    return Number(out.trim());
  }

  it('keeps V8’s young generation at its first size once server.ts has set its flags', () => {
    expect(youngGenerationAfterChurn('')).toBeLessThanOrEqual(4 * 1024 * 1024);
  });

  it('lets the young generation grow once the server serves (decision 0065)', () => {
    // start.ts calls `serving()` once it listens: traffic may grow it (V8 gives it back when idle).
    expect(youngGenerationAfterChurn('flags.serving();')).toBeGreaterThan(8 * 1024 * 1024);
  });
});
