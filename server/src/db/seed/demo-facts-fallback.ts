import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';

/**
 * Issue 14's listing filters need mukhi and origin on the demo catalog. Issue 14's product facts (the
 * `facts14` work) fill them in the demo data itself; until then, and for any demo product it leaves
 * without them, they are read from the demo names and brands here. Only empty facts are filled, so this
 * never overrides facts the demo data gives.
 */
export async function fillDemoFactsFromNames(db: Database): Promise<void> {
  await db.execute(sql`update products set mukhi = substring(name from '([0-9]+) Mukhi')::smallint
    where mukhi is null and category = 'rudraksha' and substring(name from '([0-9]+) Mukhi')::int between 1 and 21`);
  await db.execute(sql`update products set origin = 'Nepal'
    where origin is null and category <> 'gems' and (brand ilike 'nepal%' or name ilike '%nepal%')`);
  await db.execute(sql`update products set origin = 'Indonesia'
    where origin is null and category <> 'gems' and (name ilike 'java %' or name ilike 'indonesian %')`);
}
