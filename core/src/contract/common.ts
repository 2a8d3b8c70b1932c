import { z } from 'zod';

/** Every error the API returns. */
export const errorReply = z.object({ message: z.string() });
export type ErrorReply = z.infer<typeof errorReply>;

/** An optional query value: absent or blank means "not given". */
export function optionalQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
}

/** A whole number in a query string, with a message that names the field. */
export function queryInt(field: string, min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: `${field} must be a whole number` })
      .int({ error: `${field} must be a whole number` })
      .min(min, { error: `${field} must be at least ${min}` })
      .max(max, { error: `${field} must be at most ${max}` }),
  );
}

export const email = z
  .string({ error: 'email must be text' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'email is too long' })
  .pipe(z.email({ error: 'email is not a valid e-mail address' }));
