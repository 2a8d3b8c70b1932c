import type { Database } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema/index.ts';

/** Subscribes an address; subscribing again is not an error. Returns whether it is new. */
export async function subscribe(db: Database, email: string): Promise<boolean> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  return inserted.length > 0;
}
