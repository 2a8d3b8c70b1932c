// zod/mini: the same validation as classic zod at a fifth of the size in the browser bundle.
import * as z from 'zod/mini';

/** Every error the API returns. */
export const errorReply = z.object({ message: z.string() });
export type ErrorReply = z.infer<typeof errorReply>;

/** Runs `fn` on the raw value before `schema` checks it (zod's preprocess). */
export function preprocess<T extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(fn), schema);
}

/** An optional query value: absent or blank means "not given". */
export function optionalQuery<T extends z.ZodMiniType>(schema: T) {
  return z.optional(preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.optional(schema)));
}

/** A whole number in a query string, with messages that name the field. */
export function queryInt(field: string, min: number, max: number) {
  return preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .int({ error: `${field} must be a whole number` })
      .check(
        z.gte(min, { error: `${field} must be at least ${min}` }),
        z.lte(max, { error: `${field} must be at most ${max}` }),
      ),
  );
}

export const email = z.pipe(
  z
    .string({ error: 'email must be text' })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: 'email is too long' })),
  z.email({ error: 'email is not a valid e-mail address' }),
);
