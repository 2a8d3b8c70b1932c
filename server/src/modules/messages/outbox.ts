import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, like, lt, lte, or, sql, type Placeholder } from 'drizzle-orm';
import { hotStatement, type Database, type Transaction } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/index.ts';

export type NewMessage = Pick<
  typeof outboxMessages.$inferInsert,
  | 'idempotencyKey'
  | 'kind'
  | 'channel'
  | 'recipient'
  | 'subject'
  | 'text'
  | 'html'
  | 'template'
  | 'nextAttemptAt'
  | 'language'
> & { variables: string[] };

export type OutboxMessage = typeof outboxMessages.$inferSelect;

/**
 * Writes messages to the outbox. Call it with the transaction that makes the change the messages tell
 * of: they are stored exactly when the change is. A message whose idempotency key is already there is
 * left out, so telling an event twice sends it once. A message with `nextAttemptAt` waits until then
 * (a review request, days after the delivery that writes it): the worker claims only what is due.
 */
export async function enqueueMessages(tx: Transaction, messages: NewMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx.insert(outboxMessages).values(messages).onConflictDoNothing({ target: outboxMessages.idempotencyKey });
}

/**
 * Writes news that corrects earlier news of the same `thread` (an idempotency-key prefix: a corrected
 * tracking number corrects the order's shipment news). Per recipient and channel, earlier news that no
 * worker has taken yet is rewritten, so the customer reads only the latest; otherwise the correction
 * goes out no sooner than `gapMs` after the earlier news did, and further corrections before then
 * rewrite it in turn: a burst of corrections is one message per `gapMs`.
 */
export async function enqueueCorrection(
  tx: Transaction,
  thread: string,
  messages: NewMessage[],
  gapMs: number,
): Promise<void> {
  const inThread = like(outboxMessages.idempotencyKey, `${thread.replace(/[\\%_]/g, '\\$&')}:%`);
  for (const message of messages) {
    const [previous] = await tx
      .select({ id: outboxMessages.id, status: outboxMessages.status, lockedUntil: outboxMessages.lockedUntil })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, message.recipient),
          eq(outboxMessages.channel, message.channel),
          eq(outboxMessages.kind, message.kind),
          inThread,
        ),
      )
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.nextAttemptAt))
      .limit(1)
      .for('update');
    // Unclaimed: no worker is sending it (a claim sets lockedUntil; only the holder's outcome clears it).
    if (previous?.status === 'pending' && previous.lockedUntil === null) {
      const { subject, text, html, variables } = message;
      await tx.update(outboxMessages).set({ subject, text, html, variables }).where(eq(outboxMessages.id, previous.id));
      continue;
    }
    await tx.insert(outboxMessages).values({
      ...message,
      idempotencyKey: `${thread}:${randomUUID()}`,
      // After news that was given up, at once: the customer never heard it.
      nextAttemptAt:
        previous && previous.status !== 'failed'
          ? sql`greatest(now(), (select coalesce(sent_at, next_attempt_at) from ${outboxMessages}
            where id = ${previous.id}) + make_interval(secs => ${gapMs / 1000}))`
          : sql`now()`,
    });
  }
}

/** The claim's one statement: `leaseSeconds`, its lease. */
const claimDue = hotStatement((db) => {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, 'pending'),
        lte(outboxMessages.nextAttemptAt, sql`now()`),
        or(isNull(outboxMessages.lockedUntil), lt(outboxMessages.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(outboxMessages.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({
      lockedUntil: sql`now() + make_interval(secs => ${sql.placeholder('leaseSeconds')})`,
      attempts: sql`${outboxMessages.attempts} + 1`,
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
});

/**
 * Claims the message due first, for `leaseMs`, or null when none is due. A claim is the message's next
 * attempt: its attempt number, raised here, is the claim's fencing token. Only the worker holding the
 * latest claim can renew it or mark the message (every later write checks the number), so a worker
 * whose lease ran out and was taken over can no longer touch it. `FOR UPDATE SKIP LOCKED` passes over a
 * row another worker is claiming at the same moment. A worker that dies holding a claim loses it when
 * the lease runs out, and the message is tried again.
 */
export async function claimDueMessage(db: Database, leaseMs: number): Promise<OutboxMessage | null> {
  const [claimed] = await claimDue(db, { leaseSeconds: leaseMs / 1000 });
  return claimed ?? null;
}

/**
 * The row as long as `message` is its latest claim and it is still to be sent (its id and attempt may be
 * placeholders, in a hot statement).
 */
const heldBy = (message: { id: string | Placeholder; attempts: number | Placeholder }) =>
  and(
    eq(outboxMessages.id, message.id),
    eq(outboxMessages.attempts, message.attempts),
    eq(outboxMessages.status, 'pending'),
  );

/**
 * Extends the claim by `leaseMs` from now, while the provider is still busy with the message. False
 * when the claim was taken over (or the message finished): the holder must stop its send.
 */
export async function renewLease(db: Database, message: OutboxMessage, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .update(outboxMessages)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(heldBy(message))
    .returning({ id: outboxMessages.id });
  return renewed.length > 0;
}

const markSentHeld = hotStatement((db) =>
  db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: sql`${sql.placeholder('sentAt')}`, lockedUntil: null, lastError: null })
    .where(heldBy({ id: sql.placeholder('id'), attempts: sql.placeholder('attempts') }))
    .returning({ id: outboxMessages.id }),
);

/** The provider took the message. False when the claim had been taken over (nothing is written). */
export async function markSent(db: Database, message: OutboxMessage): Promise<boolean> {
  const marked = await markSentHeld(db, { id: message.id, attempts: message.attempts, sentAt: new Date() });
  return marked.length > 0;
}

/**
 * Sending failed: try again after an exponential backoff (base x 2^(attempt-1), at most an hour), or
 * give up after `maxAttempts` and keep the message as `failed` for the operator. Null when the claim
 * had been taken over (nothing is written).
 */
export async function markFailed(
  db: Database,
  message: OutboxMessage,
  error: string,
  retry: { baseMs: number; maxAttempts: number },
): Promise<'retry' | 'failed' | null> {
  const giveUp = message.attempts >= retry.maxAttempts;
  const delayMs = Math.min(retry.baseMs * 2 ** (message.attempts - 1), 3_600_000);
  const marked = await db
    .update(outboxMessages)
    .set({
      status: giveUp ? 'failed' : 'pending',
      lockedUntil: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
    })
    .where(heldBy(message))
    .returning({ id: outboxMessages.id });
  if (marked.length === 0) return null;
  return giveUp ? 'failed' : 'retry';
}

/** The messages still to be sent, by why they wait, and how long the one due first has waited. */
export interface OutboxBacklog {
  /** Due now: the worker should be sending them (or is). */
  due: number;
  /** Failed at least once, waiting for their next attempt (a provider in trouble). */
  retrying: number;
  /** Written to go out later (a review request, days after the delivery). */
  scheduled: number;
  /** Seconds since the message due first became due; 0 when none is. */
  oldestDueSeconds: number;
}

/** Read on the pending messages only (the partial index `outbox_messages_due_idx`): sent ones pile up. */
export async function outboxBacklog(db: Database): Promise<OutboxBacklog> {
  const due = sql`${outboxMessages.nextAttemptAt} <= now()`;
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${due})::int`,
      retrying: sql<number>`count(*) filter (where not (${due}) and ${outboxMessages.attempts} > 0)::int`,
      scheduled: sql<number>`count(*) filter (where not (${due}) and ${outboxMessages.attempts} = 0)::int`,
      oldestDueSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outboxMessages.nextAttemptAt}) filter (where ${due})), 0)::float8`,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'pending'));
  return row!;
}
