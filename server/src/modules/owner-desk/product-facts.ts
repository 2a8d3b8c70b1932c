import * as z from 'zod/mini';

/**
 * The product facts as the catalog import checks them: null where a fact does not apply, bounds as the
 * database's checks (migration 0010). Issue 14 adds one exported schema for these facts to core; when
 * it lands, `importedFacts` below becomes that schema (the one line to change).
 */
const fact = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));
const text = (field: string, max: number) =>
  fact(z.string().check(z.maxLength(max, { error: `${field} must be at most ${max} characters` })));
const whole = (field: string, min: number, max: number) =>
  fact(
    z
      .int({ error: `${field} must be a whole number` })
      .check(
        z.gte(min, { error: `${field} must be from ${min} to ${max}` }),
        z.lte(max, { error: `${field} must be from ${min} to ${max}` }),
      ),
  );
const positive = (field: string, below: number) =>
  fact(
    z
      .number({ error: `${field} must be a number` })
      .check(
        z.gt(0, { error: `${field} must be more than 0` }),
        z.lt(below, { error: `${field} must be below ${below}` }),
      ),
  );

const localFacts = z.object({
  mukhi: whole('mukhi', 1, 21),
  origin: text('origin', 60),
  sizeMm: positive('size_mm', 1000),
  weightCarats: positive('weight_carats', 100000),
  beadCount: whole('bead_count', 1, 1008),
  planet: text('planet', 40),
  certificateLab: text('certificate_lab', 80),
  certificateNumber: text('certificate_number', 60),
});

export const importedFacts = localFacts;
export type ImportedFacts = z.infer<typeof importedFacts>;
