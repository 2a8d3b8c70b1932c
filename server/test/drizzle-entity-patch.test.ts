import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Column, entityKind, is, SQL, sql, Table } from 'drizzle-orm';
import { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { products } from '../src/db/schema/index.ts';

/**
 * Decision 0067: drizzle-orm's `is` is patched (patches/, applied by `npm install`'s postinstall) to keep
 * the entity kinds of each class instead of walking its chain on every check. These are the answers the
 * original gives; the first test says the patched one is what runs.
 */
describe("drizzle-orm's patched `is`", () => {
  it('is the patched one: npm install applied patches/drizzle-orm+*.patch', () => {
    const root = path.join(import.meta.dirname, '../..');
    const version = (
      JSON.parse(readFileSync(path.join(root, 'node_modules/drizzle-orm/package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    expect(readFileSync(path.join(root, `patches/drizzle-orm+${version}.patch`), 'utf8')).toContain('kindsByClass');
    for (const file of ['entity.js', 'entity.cjs']) {
      expect(readFileSync(path.join(root, 'node_modules/drizzle-orm', file), 'utf8')).toContain('kindsByClass');
    }
  });

  it("answers as drizzle's own: by class, by kind along the chain, and false for the rest", () => {
    expect(is(products.id, Column)).toBe(true);
    expect(is(products.id, PgColumn)).toBe(true);
    expect(is(products, Table)).toBe(true);
    expect(is(products, PgTable)).toBe(true);
    expect(is(products.id, Table)).toBe(false);
    expect(is(sql`select 1`, SQL)).toBe(true);
    expect(is(sql`select 1`, Column)).toBe(false);
    // Asked again, from the kept kinds: the same answers.
    expect(is(products.id, Table)).toBe(false);
    expect(is(sql`select 1`, Column)).toBe(false);
    for (const value of [null, undefined, 0, 'text', true]) expect(is(value, SQL)).toBe(false);
  });

  it('knows a class of another copy of drizzle by its kind, along its chain', () => {
    // What `instanceof` cannot see: a class with the same kind from elsewhere, and its subclasses.
    class ForeignSql {
      static readonly [entityKind] = SQL[entityKind];
    }
    class ForeignSqlChild extends ForeignSql {
      static override readonly [entityKind] = 'ForeignSqlChild';
    }
    expect(is(new ForeignSql(), SQL)).toBe(true);
    expect(is(new ForeignSqlChild(), SQL)).toBe(true);
    expect(is(new ForeignSqlChild(), Column)).toBe(false);
    expect(is({}, SQL)).toBe(false);
  });

  it('refuses a class that is not a drizzle entity, as the original does', () => {
    class NotAnEntity {}
    expect(() => is({}, NotAnEntity as never)).toThrow(/doesn't look like a Drizzle entity/);
  });
});
