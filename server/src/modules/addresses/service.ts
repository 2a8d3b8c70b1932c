import {
  MAX_SAVED_ADDRESSES,
  UUID_PATTERN,
  errorCodes,
  savedAddressInput,
  type SavedAddress,
  type SavedAddressInput,
  type SavedAddressUpdate,
} from '@rr/core';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { customerAddresses, users } from '../../db/schema/index.ts';
import { DomainError } from '../../domain-error.ts';

type AddressRow = typeof customerAddresses.$inferSelect;

const addressNotFound = () => new DomainError('not_found', errorCodes.addressNotFound, 'Address not found');

export function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    _id: row.id,
    label: row.label,
    name: row.recipientName,
    phone: row.recipientPhone,
    address: row.address,
    city: row.city,
    postalCode: row.postalCode,
    state: row.state,
    country: 'India',
    ...(row.gstin ? { gstin: row.gstin } : {}),
    ...(row.businessName ? { businessName: row.businessName } : {}),
    isDefault: row.isDefault,
  };
}

function toColumns(input: SavedAddressInput) {
  return {
    label: input.label ?? '',
    recipientName: input.name,
    recipientPhone: input.phone,
    address: input.address,
    city: input.city,
    postalCode: input.postalCode,
    state: input.state,
    gstin: input.gstin ?? null,
    businessName: input.businessName ?? null,
  };
}

/** The signed-in customer's addresses: the default first, then the newest. */
export async function listAddresses(db: Database, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.createdAt), desc(customerAddresses.id));
  return rows.map(toSavedAddress);
}

/**
 * Locks the customer's row for the transaction: two saves at once (two devices) are taken one after the
 * other, so neither passes the limit nor makes a second default.
 */
async function lockCustomer(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function ownAddress(tx: Transaction, userId: string, id: string): Promise<AddressRow> {
  // Another customer's address is answered as one that does not exist.
  if (!UUID_PATTERN.test(id)) throw addressNotFound();
  const [row] = await tx
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.id, id), eq(customerAddresses.userId, userId)));
  if (!row) throw addressNotFound();
  return row;
}

/** Takes the default from whichever address has it, before another one is given it (one default a customer). */
async function unsetDefault(tx: Transaction, userId: string): Promise<void> {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.isDefault, true)));
}

/** Saves a new address; the customer's first one is the default, as is one saved with `isDefault: true`. */
export async function createAddress(db: Database, userId: string, input: SavedAddressInput): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const existing = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, userId));
    if (existing.length >= MAX_SAVED_ADDRESSES)
      throw new DomainError(
        'conflict',
        errorCodes.addressLimit,
        `You can keep at most ${MAX_SAVED_ADDRESSES} addresses: delete one you no longer use first.`,
        { details: { count: MAX_SAVED_ADDRESSES } },
      );
    const isDefault = existing.length === 0 || input.isDefault === true;
    if (isDefault) await unsetDefault(tx, userId);
    const [row] = await tx
      .insert(customerAddresses)
      .values({ userId, ...toColumns(input), isDefault })
      .returning();
    return toSavedAddress(row!);
  });
}

/** The address as the update leaves it, checked with the rules of a new one (a business name needs a GSTIN). */
function updated(row: AddressRow, changes: SavedAddressUpdate): SavedAddressInput {
  const current = toSavedAddress(row);
  const merged = { ...current, ...changes };
  const { gstin, businessName, ...rest } = merged;
  const parsed = savedAddressInput.safeParse({
    label: rest.label,
    name: rest.name,
    phone: rest.phone,
    address: rest.address,
    city: rest.city,
    postalCode: rest.postalCode,
    state: rest.state,
    ...(gstin ? { gstin } : {}),
    ...(businessName ? { businessName } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // Worded as the schema's own refusals are (plugins/errors.ts): "gstin: GSTIN is required ...".
    const field = issue.path.join('.');
    const message = field && !issue.message.startsWith(field) ? `${field}: ${issue.message}` : issue.message;
    throw new DomainError('invalid_data', errorCodes.validationFailed, message);
  }
  return parsed.data;
}

/** Changes what the update carries; `isDefault: true` moves the default here in the same transaction. */
export async function updateAddress(
  db: Database,
  userId: string,
  id: string,
  changes: SavedAddressUpdate,
): Promise<SavedAddress> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const row = await ownAddress(tx, userId, id);
    const next = updated(row, changes);
    const makeDefault = changes.isDefault === true && !row.isDefault;
    if (makeDefault) await unsetDefault(tx, userId);
    const [saved] = await tx
      .update(customerAddresses)
      .set({ ...toColumns(next), ...(makeDefault ? { isDefault: true } : {}), updatedAt: new Date() })
      .where(eq(customerAddresses.id, row.id))
      .returning();
    return toSavedAddress(saved!);
  });
}

/** Deletes an address; when it was the default, the most recent of those left becomes the default. */
export async function deleteAddress(db: Database, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const row = await ownAddress(tx, userId, id);
    await tx.delete(customerAddresses).where(eq(customerAddresses.id, row.id));
    if (!row.isDefault) return;
    const [newest] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(and(eq(customerAddresses.userId, userId), ne(customerAddresses.id, row.id)))
      .orderBy(desc(customerAddresses.createdAt), desc(customerAddresses.id))
      .limit(1);
    if (newest)
      await tx
        .update(customerAddresses)
        .set({ isDefault: true, updatedAt: new Date() })
        .where(eq(customerAddresses.id, newest.id));
  });
}
