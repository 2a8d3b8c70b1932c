import { errorCodes, formatRupees, toRupees, type StoreCreditAnswer } from '@rr/core';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { hotStatement, type Database, type Transaction } from '../../db/client.ts';
import { storeCreditEntries, users } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';

type EntryKind = (typeof storeCreditEntries.$inferInsert)['kind'];

export interface CreditChange {
  userId: string;
  /** Positive: credit given; negative: spent or taken back. */
  amountPaise: number;
  kind: EntryKind;
  orderId?: string | null;
  refundId?: string | null;
  note?: string;
  createdBy?: string | null;
}

/** Entries a ledger answer lists (the newest). */
const LEDGER_ENTRIES = 100;

/**
 * Moves a customer's store credit by `amountPaise` and writes its ledger entry, in the caller's
 * transaction. One conditional update: a debit larger than the balance changes nothing and is refused
 * (409 STORE_CREDIT_SHORT, with the balance and the amount asked), so concurrent checkouts can never spend the same credit twice and the
 * balance is never negative. Answers the balance after it.
 */
export async function changeStoreCredit(tx: Transaction, change: CreditChange): Promise<number> {
  const { userId, amountPaise } = change;
  const [row] = await tx
    .update(users)
    .set({ storeCreditPaise: sql`${users.storeCreditPaise} + ${amountPaise}` })
    .where(and(eq(users.id, userId), gte(users.storeCreditPaise, Math.max(0, -amountPaise))))
    .returning({ balance: users.storeCreditPaise });
  if (!row) {
    // Issue 30 (decision 0052): the figures, for pages in other languages to say it with them.
    const balance = await storeCreditBalance(tx, userId);
    throw new DomainError(
      'conflict',
      errorCodes.storeCreditShort,
      `The store credit (${formatRupees(toRupees(balance))}) does not cover ${formatRupees(toRupees(-amountPaise))}.`,
      { details: { creditAmount: toRupees(balance), askedAmount: toRupees(-amountPaise) } },
    );
  }
  await tx.insert(storeCreditEntries).values({
    userId,
    amountPaise,
    balancePaise: row.balance,
    kind: change.kind,
    orderId: change.orderId ?? null,
    refundId: change.refundId ?? null,
    note: change.note ?? '',
    createdBy: change.createdBy ?? null,
  });
  return row.balance;
}

/** A customer's balance and the newest entries of the ledger (404 for an unknown customer). */
export async function storeCreditOf(db: Database | Transaction, userId: string): Promise<StoreCreditAnswer> {
  const [user] = await db.select({ balance: users.storeCreditPaise }).from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError('not_found', errorCodes.userNotFound, 'User not found');
  const entries = await db
    .select()
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.userId, userId))
    .orderBy(desc(storeCreditEntries.createdAt), desc(storeCreditEntries.balancePaise))
    .limit(LEDGER_ENTRIES);
  return {
    balance: toRupees(user.balance),
    entries: entries.map((e) => ({
      _id: e.id,
      amount: toRupees(e.amountPaise),
      balance: toRupees(e.balancePaise),
      kind: e.kind,
      order: e.orderId,
      note: e.note,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

const balanceRead = hotStatement((db) =>
  db
    .select({ balance: users.storeCreditPaise })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId'))),
);

/** The balance alone (the profile, checkout). */
export async function storeCreditBalance(db: Database | Transaction, userId: string): Promise<number> {
  const [user] = await balanceRead(db, { userId });
  return user?.balance ?? 0;
}
