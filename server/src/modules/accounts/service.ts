import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  AUTH_MESSAGES,
  errorCodes,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  OTP_VALID_MINUTES,
  maskPhone,
  may,
  type Language,
  type StaffRole,
  type AdminUpdateUserBody,
  type RegisterBody,
  type ErrorCode,
  type User,
  UUID_PATTERN,
  toRupees,
} from '@rr/core';
import { and, asc, count, desc, eq, gt, isNull, min, ne, or, sql } from 'drizzle-orm';
import type { SmsSender } from '../../adapters/sms/index.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { otpCodes, signInFailures, users } from '../../db/schema/index.ts';
import { DomainError, type ErrorKind } from '../../domain-error.ts';
import { roleForbids, type SignInSession, type TokenClaims } from '../../plugins/auth.ts';
import { recordAudit, recordChange, type Actor } from '../audit/index.ts';
import { enqueueMessages, passwordResetMessages, type MessageSettings } from '../messages/index.ts';
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
/** How long after a full sign-in (password or code) the password can be changed without the current one. */
export const FRESH_SIGN_IN_MS = 15 * 60_000;

const userNotFound = () => new DomainError('not_found', errorCodes.userNotFound, AUTH_MESSAGES.userNotFound);
const lastOwner = () =>
  new DomainError('invalid_data', errorCodes.lastAdmin, 'The shop needs at least one owner: make another owner first.');

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    isAdmin: row.role !== null,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The user switches e-mails about their orders on or off, and (issue 27) order messages on WhatsApp:
 * opting in keeps when they first did, withdrawing clears it; (issue 30) the language of their messages.
 * A setting left out stays as it is.
 */
export async function setMessageChoices(
  db: Database,
  id: string,
  {
    orderEmails,
    whatsappOptIn,
    language,
  }: { orderEmails?: boolean | undefined; whatsappOptIn?: boolean | undefined; language?: Language | undefined },
): Promise<void> {
  if (orderEmails === undefined && whatsappOptIn === undefined && language === undefined) return;
  const whatsapp = whatsappOptIn ? sql`coalesce(${users.whatsappOptInAt}, now())` : null;
  await db
    .update(users)
    .set({
      orderEmails,
      language,
      ...(whatsappOptIn === undefined ? {} : { whatsappOptInAt: whatsapp }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}

/** The signed-in user as the profile shows them, with their message choices. */
export function profileOf(row: UserRow): User {
  return {
    ...toUser(row),
    orderEmails: row.orderEmails,
    phoneVerified: row.phoneVerifiedAt !== null,
    whatsappOptIn: row.whatsappOptInAt !== null,
    storeCredit: toRupees(row.storeCreditPaise),
    language: row.language,
  };
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
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash,
        language: input.language ?? 'en',
      })
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

/** While a phone has had too many wrong passwords lately, no path checks a password for it. */
async function refuseWhilePasswordLocked(tx: Transaction, phone: string): Promise<void> {
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
}

/**
 * Counts a password try as a failure before the password is hashed, so concurrent guesses are counted
 * one after another under the account's row lock (the caller holds it) while the slow hash runs after
 * the lock is released; `forgivePasswordTry` takes it back when the password was right.
 */
async function openPasswordTry(tx: Transaction, phone: string, client: string): Promise<string> {
  await refuseWhilePasswordLocked(tx, phone);
  const [failure] = await tx
    .insert(signInFailures)
    .values({ phone, kind: 'password', client })
    .returning({ id: signInFailures.id });
  return failure!.id;
}

async function forgivePasswordTry(db: Database | Transaction, failureId: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.id, failureId));
}

/**
 * Checks the password of the account holding `phone` under the password lock (every path that checks a
 * password goes through here or `openPasswordTry`): the account when it is right, null when it is wrong
 * or no account has the phone. The hash runs even for an unknown phone, so the answer takes as long.
 */
async function checkPassword(db: Database, phone: string, password: string, client: string): Promise<UserRow | null> {
  const attempt = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(eq(users.phone, phone)).for('update');
    if (!row) {
      await refuseWhilePasswordLocked(tx, phone);
      return { row: undefined, failureId: undefined };
    }
    return { row, failureId: await openPasswordTry(tx, phone, client) };
  });
  const ok = await verifyPassword(password, attempt.row?.passwordHash ?? UNUSABLE_HASH);
  if (!attempt.row || !ok) return null;
  await forgivePasswordTry(db, attempt.failureId!);
  return attempt.row;
}

/** Signs in with phone and password; wrong passwords for a phone are limited (`checkPassword`). */
export async function signInWithPassword(
  db: Database,
  phone: string,
  password: string,
  client: string,
): Promise<UserRow> {
  const row = await checkPassword(db, phone, password, client);
  if (!row) throw new DomainError('unauthorized', errorCodes.badCredentials, AUTH_MESSAGES.badCredentials);
  return row;
}

function otpHash(key: string, phone: string, code: string): string {
  return createHmac('sha256', key).update(`${phone}:${code}`).digest('base64url');
}

/** The account of a phone, locked; its language is the code SMS's (issue 30). */
const lockedAccountOf = (tx: Transaction, phone: string) =>
  tx.select({ id: users.id, language: users.language }).from(users).where(eq(users.phone, phone)).for('update');

/**
 * Sends a fresh code to the phone of an account, in the account's language; older codes stop working.
 * Returns the reply message.
 */
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
    const [account] = await lockedAccountOf(tx, phone);
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
    return { ...row!, language: account.language };
  });
  try {
    await sms.sendOtp(phone, code, 'sign-in', issued.language);
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
export const ADMIN_NEEDS_PASSWORD =
  'Staff accounts (the owner and the team) sign in with their password as well as the code.';
/**
 * An admin's failed code sign-in, whether the password or the code was wrong: one answer, so the code
 * form cannot tell a right password from a wrong one.
 */
export const ADMIN_CODE_SIGN_IN_FAILED = 'The password or the code is not correct.';
const CODE_TRIES_SPENT = 'Too many wrong tries. Please ask for a new code.';
const NO_LIVE_CODE = 'This code has expired or was never sent. Please ask for a new one.';

export interface CodeSignIn {
  user: UserRow;
  /** This sign-in proved the phone and reset a password someone else may have set (it was announced). */
  passwordReset: boolean;
}

/**
 * Consumes the code and signs in. A phone never proven before is proven now. Its password stays when
 * the prover also showed it: an admin with the code, or a session the password earned (registering or
 * signing in with it); otherwise whoever registered the number may not own it, so the password is
 * reset, every other session ends, and the customer is told by SMS and e-mail.
 */
async function completeCodeSignIn(
  tx: Transaction,
  account: UserRow,
  codeId: string,
  showedPassword: boolean,
  settings: MessageSettings,
): Promise<CodeSignIn> {
  const now = new Date();
  await tx.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, codeId));
  if (account.phoneVerifiedAt) return { user: account, passwordReset: false };
  if (showedPassword) {
    const [proven] = await tx
      .update(users)
      .set({ phoneVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, account.id))
      .returning();
    return { user: proven!, passwordReset: false };
  }
  const [reset] = await tx
    .update(users)
    .set({
      phoneVerifiedAt: now,
      passwordHash: UNUSABLE_HASH,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: now,
    })
    .where(eq(users.id, account.id))
    .returning();
  await enqueueMessages(
    tx,
    passwordResetMessages(
      { userId: account.id, phone: account.phone, email: account.email, at: now, language: account.language },
      settings,
    ),
  );
  return { user: reset!, passwordReset: true };
}

/**
 * Signs in with the latest code sent to the phone: single use, valid 10 minutes, 5 tries a code and
 * OTP_WRONG_PER_DAY wrong codes a day per phone, counted under the account's row lock so concurrent
 * guesses cannot slip past the budget. An admin needs the password too: that try is counted as one of
 * the code's tries and as a password failure (under the password lock) before the hash, the hash runs
 * after the lock is released, and a wrong password or a wrong code get the same answer.
 * `session` is the token the request carried, if any (see `completeCodeSignIn`).
 */
export async function signInWithCode(
  db: Database,
  otpKey: string,
  settings: MessageSettings,
  input: {
    phone: string;
    code: string;
    password?: string | undefined;
    client: string;
    session: TokenClaims | null;
  },
): Promise<CodeSignIn> {
  const { phone, code, client } = input;
  // A refusal is returned rather than thrown, so the failures counted on the way are committed.
  type Outcome =
    | { done: CodeSignIn; adminTry?: never; error?: never }
    | { adminTry: AdminTry; done?: never; error?: never }
    | { error: DomainError; done?: never; adminTry?: never };
  type AdminTry = { account: UserRow; codeId: string; codeRight: boolean; lastTry: boolean; failureId: string };
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
        : refuse(errorCodes.codeExpired, NO_LIVE_CODE);
    }
    const expected = Buffer.from(current.codeHash);
    const actual = Buffer.from(otpHash(otpKey, phone, code));
    const codeRight = expected.length === actual.length && timingSafeEqual(expected, actual);

    if (account.role) {
      if (!input.password) return refuse(errorCodes.adminNeedsPassword, ADMIN_NEEDS_PASSWORD, 'unauthorized');
      // Tries of an admin's code whose password is still being checked are counted already: the
      // code's last try is not handed out twice.
      if (current.attempts >= OTP_MAX_ATTEMPTS) return refuse(errorCodes.codeUsedUp, CODE_DIED);
      const failureId = await openPasswordTry(tx, phone, client);
      const attempts = current.attempts + 1;
      const lastTry = attempts >= OTP_MAX_ATTEMPTS;
      // A wrong code kills its code at once on the last try; a right one waits for the password.
      await tx
        .update(otpCodes)
        .set({ attempts, consumedAt: lastTry && !codeRight ? new Date() : null })
        .where(eq(otpCodes.id, current.id));
      if (!codeRight) await tx.insert(signInFailures).values({ phone, kind: 'code', client });
      return { adminTry: { account, codeId: current.id, codeRight, lastTry, failureId } };
    }

    if (!codeRight) {
      const attempts = current.attempts + 1;
      const exhausted = attempts >= OTP_MAX_ATTEMPTS;
      await tx
        .update(otpCodes)
        .set({ attempts, consumedAt: exhausted ? new Date() : null })
        .where(eq(otpCodes.id, current.id));
      await tx.insert(signInFailures).values({ phone, kind: 'code', client });
      return exhausted
        ? refuse(errorCodes.codeUsedUp, CODE_TRIES_SPENT)
        : refuse(errorCodes.wrongCode, 'Invalid OTP. Please check the code and try again.');
    }
    const { session } = input;
    const passwordSession =
      session !== null &&
      session.userId === account.id &&
      session.version === account.tokenVersion &&
      session.session.method === 'password';
    return { done: await completeCodeSignIn(tx, account, current.id, passwordSession, settings) };
  });
  if (outcome.error) throw outcome.error;
  if (outcome.done) return outcome.done;

  const { adminTry } = outcome;
  // Hashed even when the code was wrong, so the time taken does not tell a right code from a wrong one.
  const passwordRight = await verifyPassword(input.password!, adminTry.account.passwordHash);
  if (passwordRight && adminTry.codeRight) {
    const signedIn = await db.transaction(async (tx): Promise<CodeSignIn | null> => {
      const [account] = await tx.select().from(users).where(eq(users.id, adminTry.account.id)).for('update');
      const [code] = await tx.select().from(otpCodes).where(eq(otpCodes.id, adminTry.codeId)).for('update');
      // A newer code, or another try that used this one up, came first.
      if (!account || !code || code.consumedAt || code.expiresAt.getTime() <= Date.now()) return null;
      await forgivePasswordTry(tx, adminTry.failureId);
      return completeCodeSignIn(tx, account, code.id, true, settings);
    });
    if (signedIn) return signedIn;
    throw new DomainError('invalid_data', errorCodes.codeExpired, NO_LIVE_CODE);
  }
  if (adminTry.lastTry) {
    if (adminTry.codeRight) {
      await db.update(otpCodes).set({ consumedAt: new Date() }).where(eq(otpCodes.id, adminTry.codeId));
    }
    throw new DomainError('invalid_data', errorCodes.codeUsedUp, CODE_TRIES_SPENT);
  }
  throw new DomainError('unauthorized', errorCodes.badCredentials, ADMIN_CODE_SIGN_IN_FAILED);
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
 * Sets a new password: needs the current one, or a full sign-in (the password, or a code) less than 15
 * minutes old, so a SPEC client, which has no current-password field, can change it right after signing
 * in, and a forgotten password is replaced after a code sign-in. A current password given is always
 * checked (a fresh session does not excuse a wrong one), under the password lock like any other. Every other sign-in ends; the caller gets a token of the new
 * version.
 */
export async function changePassword(
  db: Database,
  signedIn: { id: string; phone: string; session: SignInSession },
  input: { password: string; currentPassword?: string | undefined },
  client: string,
): Promise<UserRow> {
  const { signedInAt } = signedIn.session;
  const fresh = signedInAt !== null && Date.now() - signedInAt.getTime() < FRESH_SIGN_IN_MS;
  // A current password that is given is always checked: a fresh session only stands in for one left out.
  if (input.currentPassword || !fresh) {
    if (!input.currentPassword) {
      throw new DomainError(
        'invalid_data',
        errorCodes.currentPasswordRequired,
        'currentPassword: enter your current password (or sign in again, with your password or a one-time code, to set a new one).',
      );
    }
    const checked = await checkPassword(db, signedIn.phone, input.currentPassword, client);
    if (checked?.id !== signedIn.id) {
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
 * Changes to users run with every owner row locked, so two owners demoting each other at once can
 * never leave the shop without one, and the acting user's role is read again inside the transaction.
 */
async function withOwnersLocked<T>(
  db: Database,
  actor: Actor,
  targetId: string,
  work: (tx: Transaction, target: UserRow, ownerCount: number, actorRole: StaffRole | null) => Promise<T>,
): Promise<T> {
  if (!UUID_PATTERN.test(targetId)) throw userNotFound();
  return db.transaction(async (tx) => {
    const owners = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).for('update');
    const [me] = await tx.select({ role: users.role }).from(users).where(eq(users.id, actor.id));
    if (!me?.role) throw new DomainError('forbidden', errorCodes.notAdmin, AUTH_MESSAGES.notAdmin);
    const [target] = await tx.select().from(users).where(eq(users.id, targetId)).for('update');
    if (!target) throw userNotFound();
    return work(tx, target, owners.length, me.role);
  });
}

/**
 * The role a change asks for: `role` when given; SPEC's `isAdmin` otherwise (true keeps a staff
 * member's role and makes a customer an owner, as SPEC's admin could do everything; false: a customer).
 * Undefined: the role stays.
 */
function requestedRole(target: UserRow, input: AdminUpdateUserBody): StaffRole | null | undefined {
  if (input.role !== undefined) return input.role;
  if (input.isAdmin === undefined) return undefined;
  return input.isAdmin ? (target.role ?? 'owner') : null;
}

/** An owner (the last one, or oneself) cannot stop being one. */
function refuseLosingOwner(target: UserRow, actorId: string, ownerCount: number): void {
  if (target.id === actorId) {
    throw new DomainError('invalid_data', errorCodes.cannotDemoteSelf, 'You cannot change your own role.');
  }
  if (ownerCount <= 1) throw lastOwner();
}

const userFacts = (row: UserRow) => ({ name: row.name, email: row.email, phone: row.phone, role: row.role });

/**
 * Staff change a customer's name and e-mail; only an owner changes a role, or a team member's details
 * (so the support desk cannot change the owner's e-mail, where the notice of a password reset goes).
 * Every change is in the audit log, in the same transaction (issue 29).
 */
export async function updateUserAsAdmin(
  db: Database,
  actor: Actor,
  targetId: string,
  input: AdminUpdateUserBody,
): Promise<UserRow> {
  return withOwnersLocked(db, actor, targetId, async (tx, target, ownerCount, actorRole) => {
    const role = requestedRole(target, input);
    const roleChanges = role !== undefined && role !== target.role;
    if ((roleChanges || target.role) && !may(actorRole, 'staff')) throw roleForbids(actorRole);
    if (roleChanges && target.role === 'owner') refuseLosingOwner(target, actor.id, ownerCount);
    if (input.email !== undefined) await refuseTakenPhoneOrEmail(tx, null, input.email, target.id);
    // A field the request leaves out keeps its value.
    const [row] = await tx
      .update(users)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.email === undefined ? {} : { email: input.email }),
        ...(roleChanges ? { role } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, target.id))
      .returning();
    const { role: roleBefore, ...before } = userFacts(target);
    const { role: roleAfter, ...after } = userFacts(row!);
    await recordChange(tx, actor, { action: 'user.update', entity: 'user', entityId: target.id, before, after });
    if (roleChanges) {
      await recordAudit(tx, actor, {
        action: 'user.role',
        entity: 'user',
        entityId: target.id,
        before: { role: roleBefore },
        after: { role: roleAfter },
      });
    }
    return row!;
  });
}

export async function deleteUserAsAdmin(db: Database, actor: Actor, targetId: string): Promise<void> {
  await withOwnersLocked(db, actor, targetId, async (tx, target, ownerCount) => {
    if (target.id === actor.id) {
      throw new DomainError('invalid_data', errorCodes.cannotDeleteSelf, 'You cannot delete your own account.');
    }
    if (target.role === 'owner' && ownerCount <= 1) throw lastOwner();
    await tx.delete(otpCodes).where(eq(otpCodes.phone, target.phone));
    await tx.delete(users).where(eq(users.id, target.id));
    await recordAudit(tx, actor, {
      action: 'user.delete',
      entity: 'user',
      entityId: target.id,
      before: userFacts(target),
      after: null,
    });
  });
}

/**
 * Issue 29: the owner ends every session of a user at once (a lost phone, someone leaving): the token
 * version goes up, so every token issued before stops working on its next request.
 */
export async function endSessionsAsAdmin(db: Database, actor: Actor, targetId: string): Promise<void> {
  await withOwnersLocked(db, actor, targetId, async (tx, target) => {
    await tx
      .update(users)
      .set({ tokenVersion: target.tokenVersion + 1, updatedAt: new Date() })
      .where(eq(users.id, target.id));
    await recordAudit(tx, actor, { action: 'user.sessions_end', entity: 'user', entityId: target.id });
  });
}

/** Makes a user an owner, creating the account when the phone is new (npm run create-admin). */
export async function ensureAdmin(
  db: Database,
  input: { name: string; email: string; phone: string; password: string },
): Promise<{ user: UserRow; created: boolean }> {
  const [existing] = await db.select().from(users).where(eq(users.phone, input.phone));
  if (existing) {
    const [row] = await db
      .update(users)
      .set({ role: 'owner', passwordHash: await hashPassword(input.password), updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning();
    return { user: row!, created: false };
  }
  const user = await registerUser(db, input);
  const [row] = await db.update(users).set({ role: 'owner' }).where(eq(users.id, user.id)).returning();
  return { user: row!, created: true };
}
