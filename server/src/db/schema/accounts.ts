import type { Language, StaffRole } from '@rr/core';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Issue 29: the staff role (core's STAFF_ROLES), null for a customer. */
    role: text('role').$type<StaffRole>(),
    /** In every sign-in token; a password change raises it, so tokens issued before stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** When a one-time code sent to the phone first signed in: until then anyone may have typed the number. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** Issue 27: when the customer agreed to order messages on WhatsApp (null: not, or withdrawn). */
    whatsappOptInAt: timestamp('whatsapp_opt_in_at', { withTimezone: true }),
    /** The customer wants e-mails about their orders (SMS about orders always go). */
    orderEmails: boolean('order_emails').notNull().default(true),
    /** Issue 28: the store credit balance, never negative; `store_credit_entries` is its ledger. */
    storeCreditPaise: integer('store_credit_paise').notNull().default(0),
    /** Issue 30: the language of the customer's messages (core's LANGUAGES). */
    language: text('language').$type<Language>().notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_phone_unique').on(t.phone),
    check('users_phone_check', sql`${t.phone} ~ '^[6-9][0-9]{9}$'`),
    check('users_store_credit_check', sql`${t.storeCreditPaise} >= 0`),
    check('users_language_check', sql`${t.language} in ('en', 'hi')`),
    check('users_role_check', sql`${t.role} in ('owner', 'manager', 'catalog', 'orders', 'accounts', 'support')`),
  ],
);

/** One-time sign-in codes: only a keyed hash is stored; single use, 10 minutes, 5 tries. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    requestedFrom: text('requested_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_codes_phone_created_idx').on(t.phone, t.createdAt)],
);

/**
 * Failed sign-ins by phone: wrong codes and wrong passwords. Lock-outs count these (never successful
 * sign-ins), so a phone's daily budget of wrong codes holds across codes and client addresses.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    kind: text('kind').$type<'code' | 'password'>().notNull(),
    /** The client's address (an IPv6 /64 as one client), for the operator reading an attack. */
    client: text('client').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_phone_kind_at_idx').on(t.phone, t.kind, t.at)],
);
