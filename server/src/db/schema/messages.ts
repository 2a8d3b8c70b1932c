import type { Language } from '@rr/core';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** What a message is about; one SMS and one e-mail template each. */
export type MessageKind =
  | 'order_placed'
  | 'order_shipped'
  | 'order_delivered'
  | 'order_cancelled'
  | 'order_refunded'
  | 'shop_new_order'
  /** Issue 14: a product a customer asked about has stock again. */
  | 'back_in_stock'
  /** Issue 23: a code sign-in proved the phone and reset the password its registrant had set. */
  | 'password_reset'
  /** Issue 27: a COD order waits for the customer's confirmation; the parcel's tracking events. */
  | 'cod_confirmation'
  | 'order_out_for_delivery'
  | 'order_delivery_failed'
  | 'order_returned'
  /** Issue 28: some days after delivery, the customer is asked to review what they bought. */
  | 'review_request'
  /** Issue 28: a customer's return moved. */
  | 'return_update';

/**
 * The outbox: a message is written in the same transaction as the change that causes it, so it exists
 * exactly when the change does; a worker sends it later with retries. `idempotency_key` makes writing the
 * same message twice (a replayed webhook, a retried request) a no-op.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').$type<MessageKind>().notNull(),
    channel: text('channel').$type<'sms' | 'email' | 'whatsapp'>().notNull(),
    /** A phone number for SMS, an e-mail address for e-mail. */
    recipient: text('recipient').notNull(),
    /** E-mail subject; empty for SMS. */
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    /** E-mail only. */
    html: text('html'),
    /** WhatsApp only: the approved template's name (its variables are `variables`). */
    template: text('template'),
    /** SMS: the DLT template's variables, each at most 30 characters; WhatsApp: the template's. */
    variables: text('variables')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Issue 30: the language the message is written in (the customer's): an SMS goes out under the DLT
     * template registered for it (MSG91_ORDER_TEMPLATES_HI for Hindi).
     */
    language: text('language').$type<Language>().notNull().default('en'),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before: the next try after a failure (backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the message holds it until then; past it, another worker may retry. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt),
    check('outbox_messages_channel_check', sql`${t.channel} in ('sms', 'email', 'whatsapp')`),
    check('outbox_messages_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check('outbox_messages_language_check', sql`${t.language} in ('en', 'hi')`),
  ],
);
