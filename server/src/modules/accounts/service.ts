import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  AUTH_MESSAGES,
  errorCodes,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  OTP_VALID_MINUTES,
  maskPhone,
  type AdminUpdateUserBody,
  type RegisterBody,
  type ErrorCode,
  type User,
  UUID_PATTERN,
} from '@rr/core';
import { and, asc, count, desc, eq, gt, isNull, min, ne, or, sql } from 'drizzle-orm';
import type { SmsSender } from '../../adapters/sms/index.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { otpCodes, signInFailures, users } from '../../db/schema/index.ts';
import { DomainError, type ErrorKind } from '../../domain-error.ts';
import { UNUSABLE_HASH, hashPassword, verifyPassword } from './passwords.ts';

export type UserRow = typeof users.$inferSelect;

export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_PER_HOUR = 5;
/** Codes sent to one phone in 24 hours, whoever asks: nobody can have a phone flooded with SMS. */
export const OTP_MAX_PER_DAY = 10;
/**
 * Wrong codes one phone may receive in 24 hours, across all its codes and every client address: at
 * most 10 guesses of 10,000 a day, so guessing a code is a 1-in-1,000 chance a day per phone.
 */
export const OTP_WRONG_PER_DAY = 10;
/** Wrong passwords for one phone in 15 minutes before password sign-in pauses (code sign-in still works). */
export const PASSWORD_FAILURES_PER_WINDOW = 10;
export const PASSWORD_FAILURE_WINDOW_MS = 15 * 60_000;
const DAY_MS = 24 * 3_600_000;
/** How long after a code sign-in the password can be changed without the current one. */
export const FRESH_CODE_SIGN_IN_MS = 15 * 60_000;

const userNotFound = () => new DomainError('not_found', errorCodes.userNotFound, AUTH_MESSAGES.userNotFound);
const lastAdmin = () => new DomainError('invalid_data', errorCodes.lastAdmin, 'The last admin cannot be removed.');

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user switches e-mails about their orders on or off. */
export async function setOrderEmails(db: Database, id: string, orderEmails: boolean): Promise<void> {
  await db.update(users).set({ orderEmails, updatedAt: new Date() }).where(eq(users.id, id));
}

function isUniqueViolation(err: unknown): boolean {
  const code =
    (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

async function refuseTakenPhoneOrEmail(db: Database, phone: string | null, email: string, exceptId?: string) {
  const clash = or(eq(users.email, email), phone ? eq(users.phone, phone) : undefined);
  const rows = await db
    .select({ phone: users.phone, email: users.email })
    .from(users)
    .where(exceptId ? and(clash, ne(users.id, exceptId)) : clash);
  if (phone && rows.some((r) => r.phone === phone)) {
    throw new DomainError(
      'conflict',
      errorCodes.phoneTaken,
      'An account with this phone number already exists. Please sign in.',
    );
  }
  if (rows.some((r) => r.email === email))
    throw new DomainError('conflict', errorCodes.emailTaken, 'An account with this e-mail address already exists.');
}

export async function registerUser(db: Database, input: RegisterBody): Promise<UserRow> {
  await refuseTakenPhoneOrEmail(db, input.phone, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({ name: input.name, email: input.email, phone: input.phone, passwordHash })
      .returning();
    return row!;
  } catch (err) {
    // Two registrations racing for the same phone or e-mail: the unique index decides.
    if (isUniqueViolation(err)) await refuseTakenPhoneOrEmail(db, input.phone, input.email);
    throw err;
  }
}

/** Failures of one kind for a phone since `since`: how many, and when the oldest of them was. */
async function recentFailures(
  tx: Transaction,
  phone: string,
  kind: 'code' | 'password',
  since: Date,
): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await tx
    .select({ n: count(), oldest: min(signInFailures.at) })
    .from(signInFailures)
    .where(and(eq(signInFailures.phone, phone), eq(signInFailures.kind, kind), gt(signInFailures.at, since)));
  return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** "1 minute", "14 minutes", "1 hour", "23 hours": how long a lock-out lasts, in words. */
export function inHoursOrMinutes(seconds: number): string {
  const [n, unit] = seconds > 3600 ? [Math.ceil(seconds / 3600), 'hour'] : [Math.ceil(seconds / 60), 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** Seconds until the oldest failure in a window leaves it. */
function secondsUntilFree(oldest: Date | null, windowMs: number): number {
  return Math.max(1, Math.ceil(((oldest?.getTime() ?? Date.now()) + windowMs - Date.now()) / 1000));
}

/** A phone that had its daily budget of wrong codes gets no more tries (nor codes) until one ages out. */
async function refuseWhenCodeBudgetSpent(tx: Transaction, phone: string): Promise<void> {
  const wrong = await recentFailures(tx, phone, 'code', new Date(Date.now() - DAY_MS));
  if (wrong.n >= OTP_WRONG_PER_DAY) {
    const wait = secondsUntilFree(wrong.oldest, DAY_MS);
    throw new DomainError(
      'rate_limited',
      errorCodes.tooManyWrongCodes,
      `Too many wrong codes were entered for this number today. Please sign in with your password, or try again in ${inHoursOrMinutes(wait)}.`,
      { retryAfterSeconds: wait },
    );
  }
}

/**
 * Signs in with phone and password. Wrong passwords for a phone are limited: the count is read and the
 * attempt recorded as a failure under the account's row lock, before the (slow) hash, so concurrent
 * guesses are counted one after another; the record is taken back when the password is right.
 */
export async function signInWithPassword(
  db: Database,
  phone: string,
  password: string,
  client: string,
): Promise<UserRow> {
  const attempt = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.phone, phone)).for('update');
    // Only failures count, so the owner's own sign-ins never lock the account.
    const failed = await recentFailures(tx, phone, 'password', new Date(Date.now() - PASSWORD_FAILURE_WINDOW_MS));
    if (failed.n >= PASSWORD_FAILURES_PER_WINDOW) {
      const wait = secondsUntilFree(failed.oldest, PASSWORD_FAILURE_WINDOW_MS);
      throw new DomainError(
        'rate_limited',
        errorCodes.tooManyWrongPasswords,
        `Too many wrong passwords for this number. Please try again in ${inHoursOrMinutes(wait)}, or sign in with a one-time code.`,
        { retryAfterSeconds: wait },
      );
    }
    const [failure] = row
      ? await tx.insert(signInFailures).values({ phone, kind: 'password', client }).returning({ id: signInFailures.id })
      : [];
    return { row, failureId: failure?.id };
  });
  // Hash even for an unknown phone, so the answer takes as long either way.
  const ok = await verifyPassword(password, attempt.row?.passwordHash ?? UNUSABLE_HASH);
  if (!attempt.row || !ok) {
    throw new DomainError('unauthorized', errorCodes.badCredentials, AUTH_MESSAGES.badCredentials);
  }
  if (attempt.failureId) await db.delete(signInFailures).where(eq(signInFailures.id, attempt.failureId));
  return attempt.row;
}

function otpHash(key: string, phone: string, code: string): string {
  return createHmac('sha256', key).update(`${phone}:${code}`).digest('base64url');
}

/** Sends a fresh code to the phone of an account; older codes stop working. Returns the reply message. */
export async function sendSignInCode(
  db: Database,
  sms: SmsSender,
  otpKey: string,
  phone: string,
  requestedFrom: string,
): Promise<string> {
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  // The account row is locked while the limits are checked and the code is stored, so requests for
  // one phone arriving together are counted one after another (on PostgreSQL too).
  const issued = await db.transaction(async (tx) => {
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone)).for('update');
    if (!account) {
      throw new DomainError(
        'not_found',
        errorCodes.phoneNotRegistered,
        'No account uses this phone number. Please register first.',
      );
    }

    await refuseWhenCodeBudgetSpent(tx, phone);
    const [sentToday] = await tx
      .select({ n: count() })
      .from(otpCodes)
      .where(and(eq(otpCodes.phone, phone), gt(otpCodes.createdAt, new Date(Date.now() - DAY_MS))));
    if ((sentToday?.n ?? 0) >= OTP_MAX_PER_DAY) {
      throw new DomainError(
        'rate_limited',
        errorCodes.codeDailyLimit,
        'Too many codes were sent to this number today. Please sign in with your password.',
        { retryAfterSeconds: 3600 },
      );
    }
    const hourAgo = new Date(Date.now() - 3_600_000);
    const recent = await tx
      .select({ createdAt: otpCodes.createdAt })
      .from(otpCodes)
      .where(and(eq(otpCodes.phone, phone), gt(otpCodes.createdAt, hourAgo)))
      .orderBy(desc(otpCodes.createdAt));
    const last = recent[0];
    if (last) {
      const wait = Math.ceil(OTP_RESEND_SECONDS - (Date.now() - last.createdAt.getTime()) / 1000);
      if (wait > 0) {
        throw new DomainError(
          'rate_limited',
          errorCodes.codeResendWait,
          `Please wait ${wait} seconds before asking for another code.`,
          { retryAfterSeconds: wait },
        );
      }
    }
    if (recent.length >= OTP_MAX_PER_HOUR) {
      const oldest = recent[recent.length - 1]!.createdAt.getTime();
      const wait = Math.max(1, Math.ceil((oldest + 3_600_000 - Date.now()) / 1000));
      throw new DomainError(
        'rate_limited',
        errorCodes.codeHourlyLimit,
        'Too many codes were sent to this number. Please try again in an hour.',
        { retryAfterSeconds: wait },
      );
    }
    const now = new Date();
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)));
    const [row] = await tx
      .insert(otpCodes)
      .values({
        phone,
        codeHash: otpHash(otpKey, phone, code),
        expiresAt: new Date(now.getTime() + OTP_VALID_MINUTES * 60_000),
        requestedFrom,
      })
      .returning({ id: otpCodes.id });
    return row!;
  });
  try {
    await sms.sendOtp(phone, code);
  } catch (err) {
    await db.delete(otpCodes).where(eq(otpCodes.id, issued!.id));
    throw new DomainError(
      'upstream_failed',
      errorCodes.smsFailed,
      'We could not send the code just now. Please try again.',
      {
        cause: err,
      },
    );
  }
  return `OTP sent to ${maskPhone(phone)}`;
}

/** After its fifth wrong try a code is dead: said apart from the fifth try's own answer. */
export const CODE_DIED = 'This code stopped working after too many wrong tries. Please ask for a new code.';
export const ADMIN_NEEDS_PASSWORD = 'Admin accounts sign in with their password as well as the code.';

/**
 * Signs in with the latest code sent to the phone: single use, valid 10 minutes, 5 tries a code and
 * OTP_WRONG_PER_DAY wrong codes a day per phone, counted under the account's row lock so concurrent
 * guesses cannot slip past the budget. The first code sign-in proves the phone: whoever registered the
 * number before loses the account (its password is reset and its other sessions end). An admin needs
 * the password too.
 */
export async function signInWithCode(
  db: Database,
  otpKey: string,
  input: { phone: string; code: string; password?: string | undefined; client: string },
): Promise<UserRow> {
  const { phone, code, client } = input;
  // A refusal is returned rather than thrown, so the failures counted on the way are committed.
  type Outcome = { user: UserRow; error?: never } | { error: DomainError; user?: never };
  const refuse = (code: ErrorCode, message: string, kind: ErrorKind = 'invalid_data'): Outcome => ({
    error: new DomainError(kind, code, message),
  });
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [account] = await tx.select().from(users).where(eq(users.phone, phone)).for('update');
    await refuseWhenCodeBudgetSpent(tx, phone);
    const [current] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1)
      .for('update');
    if (!account || !current || current.expiresAt.getTime() <= Date.now()) {
      // Say why the last code stopped working when it was the wrong tries.
      const [latest] = await tx
        .select({ attempts: otpCodes.attempts })
        .from(otpCodes)
        .where(eq(otpCodes.phone, phone))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      return latest && latest.attempts >= OTP_MAX_ATTEMPTS && !current
        ? refuse(errorCodes.codeUsedUp, CODE_DIED)
        : refuse(errorCodes.codeExpired, 'This code has expired or was never sent. Please ask for a new one.');
    }
    if (account.isAdmin) {
      if (!input.password) return refuse(errorCodes.adminNeedsPassword, ADMIN_NEEDS_PASSWORD, 'unauthorized');
      if (!(await verifyPassword(input.password, account.passwordHash))) {
        await tx.insert(signInFailures).values({ phone, kind: 'password', client });
        return refuse(errorCodes.badCredentials, AUTH_MESSAGES.badCredentials, 'unauthorized');
      }
    }
    const expected = Buffer.from(current.codeHash);
    const actual = Buffer.from(otpHash(otpKey, phone, code));
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      const attempts = current.attempts + 1;
      const exhausted = attempts >= OTP_MAX_ATTEMPTS;
      await tx
        .update(otpCodes)
        .set({ attempts, consumedAt: exhausted ? new Date() : null })
        .where(eq(otpCodes.id, current.id));
      await tx.insert(signInFailures).values({ phone, kind: 'code', client });
      return exhausted
        ? refuse(errorCodes.codeUsedUp, 'Too many wrong tries. Please ask for a new code.')
        : refuse(errorCodes.wrongCode, 'Invalid OTP. Please check the code and try again.');
    }
    const now = new Date();
    await tx.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, current.id));
    if (account.phoneVerifiedAt) return { user: account };
    // The phone is proven now; a password set by whoever registered the number stops working.
    const [proven] = await tx
      .update(users)
      .set({
        phoneVerifiedAt: now,
        passwordHash: UNUSABLE_HASH,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: now,
      })
      .where(eq(users.id, account.id))
      .returning();
    return { user: proven! };
  });
  if (outcome.error) throw outcome.error;
  return outcome.user;
}

async function findUser(db: Database, id: string): Promise<UserRow | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** A user, for an admin. */
export async function getUser(db: Database, id: string): Promise<UserRow> {
  const row = await findUser(db, id);
  if (!row) throw userNotFound();
  return row;
}

/** The signed-in user's own account; gone since the token was checked, the token counts as failed. */
export async function ownAccount(db: Database, id: string): Promise<UserRow> {
  const row = await findUser(db, id);
  if (!row) throw new DomainError('unauthorized', errorCodes.tokenFailed, AUTH_MESSAGES.tokenFailed);
  return row;
}

/**
 * Sets a new password: needs the current one, or a code sign-in in the last 15 minutes (the way back in
 * for a forgotten password). Every other sign-in ends; the caller gets a token of the new version.
 */
export async function changePassword(
  db: Database,
  signedIn: { id: string; signedInByCodeAt: Date | null },
  input: { password: string; currentPassword?: string | undefined },
): Promise<UserRow> {
  const [current] = await db.select().from(users).where(eq(users.id, signedIn.id));
  if (!current) throw userNotFound();
  const freshCode =
    signedIn.signedInByCodeAt !== null && Date.now() - signedIn.signedInByCodeAt.getTime() < FRESH_CODE_SIGN_IN_MS;
  if (!freshCode) {
    if (!input.currentPassword) {
      throw new DomainError(
        'invalid_data',
        errorCodes.currentPasswordRequired,
        'currentPassword: enter your current password (or sign in with a one-time code to set a new one).',
      );
    }
    if (!(await verifyPassword(input.currentPassword, current.passwordHash))) {
      throw new DomainError(
        'invalid_data',
        errorCodes.currentPasswordWrong,
        'currentPassword: the current password is not correct.',
      );
    }
  }
  const [row] = await db
    .update(users)
    // Sign-ins made with the old password end (their tokens carry the old version).
    .set({
      passwordHash: await hashPassword(input.password),
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, signedIn.id))
    .returning();
  if (!row) throw userNotFound();
  return row;
}

export async function listUsers(db: Database): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
}

/**
 * Admin changes run with every admin row locked, so two admins demoting each other at once can
 * never leave the shop without one, and the acting admin is checked again inside the transaction.
 */
async function withAdminsLocked<T>(
  db: Database,
  actorId: string,
  targetId: string,
  work: (tx: Transaction, target: UserRow, adminCount: number) => Promise<T>,
): Promise<T> {
  if (!UUID_PATTERN.test(targetId)) throw userNotFound();
  return db.transaction(async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for('update');
    if (!admins.some((a) => a.id === actorId))
      throw new DomainError('forbidden', errorCodes.notAdmin, AUTH_MESSAGES.notAdmin);
    const [target] = await tx.select().from(users).where(eq(users.id, targetId)).for('update');
    if (!target) throw userNotFound();
    return work(tx, target, admins.length);
  });
}

export async function updateUserAsAdmin(
  db: Database,
  actorId: string,
  targetId: string,
  input: AdminUpdateUserBody,
): Promise<UserRow> {
  return withAdminsLocked(db, actorId, targetId, async (tx, target, adminCount) => {
    if (target.isAdmin && input.isAdmin === false) {
      if (target.id === actorId) {
        throw new DomainError('invalid_data', errorCodes.cannotDemoteSelf, 'You cannot remove your own admin rights.');
      }
      if (adminCount <= 1) throw lastAdmin();
    }
    if (input.email !== undefined) await refuseTakenPhoneOrEmail(tx, null, input.email, target.id);
    // A field the request leaves out keeps its value.
    const [row] = await tx
      .update(users)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.email === undefined ? {} : { email: input.email }),
        ...(input.isAdmin === undefined ? {} : { isAdmin: input.isAdmin }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, target.id))
      .returning();
    return row!;
  });
}

export async function deleteUserAsAdmin(db: Database, actorId: string, targetId: string): Promise<void> {
  await withAdminsLocked(db, actorId, targetId, async (tx, target, adminCount) => {
    if (target.id === actorId) {
      throw new DomainError('invalid_data', errorCodes.cannotDeleteSelf, 'You cannot delete your own account.');
    }
    if (target.isAdmin && adminCount <= 1) throw lastAdmin();
    await tx.delete(otpCodes).where(eq(otpCodes.phone, target.phone));
    await tx.delete(users).where(eq(users.id, target.id));
  });
}

/** Makes a user an admin, creating the account when the phone is new (npm run create-admin). */
export async function ensureAdmin(
  db: Database,
  input: { name: string; email: string; phone: string; password: string },
): Promise<{ user: UserRow; created: boolean }> {
  const [existing] = await db.select().from(users).where(eq(users.phone, input.phone));
  if (existing) {
    const [row] = await db
      .update(users)
      .set({ isAdmin: true, passwordHash: await hashPassword(input.password), updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    return { user: row!, created: false };
  }
  const user = await registerUser(db, input);
  const [row] = await db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id)).returning();
  return { user: row!, created: true };
}
