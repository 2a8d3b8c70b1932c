/**
 * Decision 0051's rules on their own: a notice's payload read as a change, and kept values dropped by what
 * they show; reads overtaken by a change they show are not kept, nor given to one who asked after it.
 */
import { describe, expect, it } from 'vitest';
import { CatalogChanges, KeptValues, catalogChangeOf, type Shown } from '../src/catalog-changes.ts';

interface Value {
  n: number;
  shown: Shown;
}
const showing = (n: number, ids: string[], lists = false): Value => ({ n, shown: { products: new Set(ids), lists } });

function keptValues() {
  const changes = new CatalogChanges();
  changes.setLive(true);
  const kept = new KeptValues<string, Value>(changes, { maxEntries: 100, maxAgeMs: 60_000, shownOf: (v) => v.shown });
  return { changes, kept };
}

/** A read that waits until `release` is called. */
function gated(value: Value) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { read: async () => (await gate, value), release };
}

describe('catalog notices', () => {
  it('read products, listings, and anything else as a broad change', () => {
    expect(catalogChangeOf('product:a,b')).toEqual({ kind: 'products', ids: ['a', 'b'], listing: false });
    expect(catalogChangeOf('listing:c')).toEqual({ kind: 'products', ids: ['c'], listing: true });
    expect(catalogChangeOf('stock:a=3,b=0')).toEqual({
      kind: 'products',
      ids: ['a', 'b'],
      listing: false,
      stock: new Map([
        ['a', 3],
        ['b', 0],
      ]),
    });
    for (const payload of ['', 'product:', 'stock:a=', 'stock:a=-1', 'something:new']) {
      expect(catalogChangeOf(payload)).toEqual({ kind: 'all' });
    }
  });
});

describe('kept catalog values', () => {
  it("are dropped by a change to a product they show, or to any product's listing when they list", async () => {
    const { changes, kept } = keptValues();
    await kept.getOrRead('detail-a', async () => showing(1, ['a']));
    await kept.getOrRead('detail-b', async () => showing(2, ['b']));
    await kept.getOrRead('list-b', async () => showing(3, ['b'], true));
    changes.hear({ kind: 'products', ids: ['a'], listing: false });
    expect([kept.get('detail-a'), kept.get('detail-b')?.n, kept.get('list-b')?.n]).toEqual([undefined, 2, 3]);
    changes.hear({ kind: 'products', ids: ['c'], listing: true });
    expect([kept.get('detail-b')?.n, kept.get('list-b')]).toEqual([2, undefined]);
    changes.hear({ kind: 'all' });
    expect(kept.size.entries).toBe(0);
  });

  it('drop a value that did not say what it shows on any product change', async () => {
    const { changes, kept } = keptValues();
    await kept.getOrRead('unsaid', async () => ({ n: 1, shown: { products: 'any', lists: true } }));
    changes.hear({ kind: 'products', ids: ['z'], listing: false });
    expect(kept.get('unsaid')).toBeUndefined();
  });

  it('never keep a read that a change to what it shows overtook; keep one that the change did not touch', async () => {
    const { changes, kept } = keptValues();
    const touched = gated(showing(1, ['a']));
    const untouched = gated(showing(2, ['b']));
    const reads = [kept.getOrRead('a', touched.read), kept.getOrRead('b', untouched.read)];
    changes.hear({ kind: 'products', ids: ['a'], listing: false });
    touched.release();
    untouched.release();
    expect((await Promise.all(reads)).map(([v, status]) => [v.n, status])).toEqual([
      [1, 'miss'],
      [2, 'miss'],
    ]);
    expect([kept.get('a'), kept.get('b')?.n]).toEqual([undefined, 2]);
  });

  it('read again for one who asked after a change that overtook the read under way', async () => {
    const { changes, kept } = keptValues();
    const first = gated(showing(1, ['a']));
    const early = kept.getOrRead('a', first.read);
    changes.hear({ kind: 'products', ids: ['a'], listing: false });
    let reads = 0;
    const late = kept.getOrRead('a', async () => (reads++, showing(2, ['a'])));
    first.release();
    expect((await early)[0].n).toBe(1);
    expect((await late)[0].n).toBe(2);
    expect(reads).toBe(1);
    expect(kept.get('a')?.n).toBe(2);
  });

  it('share one read among askers when no change came between', async () => {
    const { kept } = keptValues();
    let reads = 0;
    const read = async () => (reads++, await Promise.resolve(), showing(1, ['a']));
    await Promise.all([kept.getOrRead('a', read), kept.getOrRead('a', read), kept.getOrRead('a', read)]);
    expect(reads).toBe(1);
  });

  it('keep nothing while changes are not heard', async () => {
    const { changes, kept } = keptValues();
    changes.setLive(false);
    const [value, status] = await kept.getOrRead('a', async () => showing(1, ['a']));
    expect([value.n, status, kept.size.entries]).toEqual([1, 'bypass', 0]);
  });
});
