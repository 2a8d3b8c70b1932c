import fc from 'fast-check';
import { expect } from 'vitest';
import type * as z from 'zod/mini';

/** Values a hand-edited or older localStorage might hold in any field. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 3 }),
  fc.constantFrom('', 'p1', '/x.webp'),
  fc.integer({ min: -3, max: 12 }),
  fc.double(),
  fc.constantFrom(NaN, Infinity, -Infinity, -0, -1, 0, 1, 2 ** 53, 0.5),
  fc.boolean(),
  fc.constantFrom(null, undefined),
  fc.array(fc.integer(), { maxLength: 1 }),
  fc.object({ maxDepth: 1 }),
);

/** The edges a check compares against, likelier than in `anyValue` so every edge is tried in each run. */
const edgeValue = fc.constantFrom(-1, 0, 1, -0, 0.5, NaN, Infinity, '', 2 ** 53, null);

/**
 * Checks that `read`, a hand-written reader of a stored value (kept free of zod for the home page's
 * JavaScript), gives what `schema` gives (the same fields, unknown ones dropped) and null wherever the
 * schema refuses: on any value, on objects with any of `fields`, on `good` values, and on good values
 * with one field spoiled (so each of the reader's checks is reached on its own).
 */
export function expectReaderMatchesSchema<T>(
  read: (raw: unknown) => T | null,
  schema: z.ZodMiniType<T>,
  good: fc.Arbitrary<Record<string, unknown>>,
  fields: readonly string[],
): void {
  const nearly = fc.record(
    { ...Object.fromEntries(fields.map((f) => [f, anyValue])), extra: anyValue },
    {
      requiredKeys: [],
    },
  );
  const oneFieldOff = fc
    .tuple(good, fc.constantFrom(...fields), fc.oneof({ arbitrary: edgeValue, weight: 3 }, anyValue))
    .map(([value, field, spoiled]) => ({ ...value, [field]: spoiled }));
  fc.assert(
    fc.property(fc.oneof(nearly, good, oneFieldOff, anyValue), (raw) => {
      const parsed = schema.safeParse(raw);
      expect(read(raw)).toEqual(parsed.success ? parsed.data : null);
    }),
    { numRuns: 2000 },
  );
}
