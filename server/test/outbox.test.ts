/**
 * Order messages: the outbox stores a message exactly when its transaction commits, once per
 * idempotency key; the worker sends each message once, retries failures with backoff, gives up after
 * the configured attempts, and two workers on one database never send a message twice.
 */
import { once } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailSender } from '../src/adapters/mail/index.ts';
import { SmtpMailSender } from '../src/adapters/mail/index.ts';
import { Msg91Sms, SmsDeliveryError, type SmsSender, type TemplateSms } from '../src/adapters/sms/index.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { outboxMessages } from '../src/db/schema/index.ts';
import {
  enqueueMessages,
  orderMessages,
  startOutboxWorker,
  type NewMessage,
  type OrderEvent,
} from '../src/modules/messages/index.ts';
import { SMS_VARIABLE_MAX } from '../src/modules/messages/templates.ts';
import { startFakeSmtp, messageIdOf, type FakeSmtp } from './fake-smtp.ts';
import { createTestApp, eventually, type TestApp } from './helpers.ts';

/** Records what it was asked to send; fails the first `failures` calls. */
class RecordingSender implements SmsSender, MailSender {
  readonly name = 'sandbox';
  readonly sent: string[] = [];
  calls = 0;
  constructor(private failures = 0) {}
  private async take(what: string) {
    this.calls += 1;
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('provider is down');
    }
    this.sent.push(what);
  }
  sendOtp(): Promise<void> {
    throw new Error('not used');
  }
  sendTemplate(phone: string, message: TemplateSms) {
    return this.take(`${phone}:${message.text}`);
  }
  send(message: MailMessage) {
    return this.take(`${message.to}:${message.subject}`);
  }
}

function message(key: string, overrides: Partial<NewMessage> = {}): NewMessage {
  return {
    idempotencyKey: key,
    kind: 'order_placed',
    channel: 'sms',
    recipient: '9876543210',
    subject: '',
    text: `text of ${key}`,
    html: null,
    variables: [],
    ...overrides,
  };
}

let t: TestApp;
// The app's own worker stays out of the way (a poll a minute); the tests run workers of their own.
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { OUTBOX_POLL_MS: '60000', OUTBOX_RETRY_BASE_MS: '1' } });
});
afterAll(() => t.close());

/** Writes messages in a transaction of their own, as a change would. */
const enqueue = (messages: NewMessage[]) => t.db.transaction((tx) => enqueueMessages(tx, messages));
const rowsOf = (key: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, key));

function worker(sender: RecordingSender, db: Database = t.db, maxAttempts = 5) {
  return startOutboxWorker({
    db,
    sms: sender,
    mail: sender,
    log: t.app.log,
    pollMs: 60_000,
    retryBaseMs: 1,
    maxAttempts,
    leaseMs: 60_000,
  });
}

/**
 * The database as a second instance reaches it: on PostgreSQL a connection pool of its own; PGlite is
 * one process's database, shared.
 */
async function secondInstance(): Promise<{ db: Database; close(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { db: t.db, close: async () => undefined };
  const result = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  const own = new URL(url);
  own.pathname = `/${result.rows[0]!.name}`;
  return openDatabase({ kind: 'postgres', url: own.toString() });
}

/** Drains until nothing is due or pending retries are exhausted (backoff here is milliseconds). */
async function drainAll(w: ReturnType<typeof worker>, rounds = 20) {
  for (let i = 0; i < rounds; i += 1) {
    await w.drain();
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

describe('the outbox', () => {
  it('stores a message only when its transaction commits', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMessages(tx, [message('rolled-back')]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf('rolled-back')).toHaveLength(0);
    await t.db.transaction((tx) => enqueueMessages(tx, [message('committed')]));
    expect(await rowsOf('committed')).toHaveLength(1);
  });

  it('keeps one message per idempotency key and sends it once', async () => {
    await enqueue([message('twice', { text: 'first' })]);
    await enqueue([message('twice', { text: 'second' })]);
    const sender = new RecordingSender();
    const w = worker(sender);
    await w.drain();
    await w.stop();
    expect(sender.sent.filter((s) => s.includes('first') || s.includes('second'))).toEqual(['9876543210:first']);
    const [row] = await rowsOf('twice');
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a failing provider with backoff and sends the message once it is back', async () => {
    await enqueue([message('flaky', { channel: 'email', recipient: 'a@example.in', subject: 'Hello' })]);
    const sender = new RecordingSender(3);
    const w = worker(sender);
    await drainAll(w);
    await w.stop();
    expect(sender.calls).toBe(4);
    expect(sender.sent).toEqual(['a@example.in:Hello']);
    const [row] = await rowsOf('flaky');
    expect(row).toMatchObject({ status: 'sent', attempts: 4, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('waits out the backoff: a failed message is not tried again before it is due', async () => {
    await enqueue([message('backoff')]);
    const sender = new RecordingSender(1);
    const w = startOutboxWorker({
      db: t.db,
      sms: sender,
      mail: sender,
      log: t.app.log,
      pollMs: 60_000,
      retryBaseMs: 60_000,
      maxAttempts: 5,
      leaseMs: 60_000,
    });
    await w.drain();
    await w.drain();
    await w.stop();
    expect(sender.calls).toBe(1);
    const [row] = await rowsOf('backoff');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider is down' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    await t.db.delete(outboxMessages).where(eq(outboxMessages.idempotencyKey, 'backoff'));
  });

  it('gives up after the last attempt and keeps the message as failed', async () => {
    await enqueue([message('hopeless')]);
    const sender = new RecordingSender(100);
    const w = worker(sender, t.db, 3);
    await drainAll(w);
    await w.stop();
    const [row] = await rowsOf('hopeless');
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'provider is down' });
    expect(sender.sent).toEqual([]);
  });

  it('gives up at once when no retry can help (no SMS template for the kind)', async () => {
    await enqueue([message('no-template', { kind: 'order_refunded' })]);
    const sms = new Msg91Sms({ authKey: 'k', templateId: 't', orderTemplates: {}, baseUrl: 'http://127.0.0.1:9' });
    const w = startOutboxWorker({
      db: t.db,
      sms,
      mail: new RecordingSender(),
      log: t.app.log,
      pollMs: 60_000,
      retryBaseMs: 1,
      maxAttempts: 5,
      leaseMs: 60_000,
    });
    await w.drain();
    await w.stop();
    const [row] = await rowsOf('no-template');
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toMatch(/no MSG91 template is configured for order_refunded/);
  });

  it('two workers on one database send every message exactly once', async () => {
    const keys = Array.from({ length: 120 }, (_, i) => `pair-${i}`);
    await enqueue(keys.map((key) => message(key)));
    const second = await secondInstance();
    const url = process.env.TEST_DATABASE_URL;
    const a = new RecordingSender();
    const b = new RecordingSender();
    const wa = worker(a);
    const wb = worker(b, second.db);
    await Promise.all([wa.drain(), wb.drain(), wa.drain(), wb.drain()]);
    await Promise.all([wa.stop(), wb.stop()]);
    await second.close();
    const sent = [...a.sent, ...b.sent].filter((s) => s.includes('text of pair-'));
    expect(sent).toHaveLength(keys.length);
    expect(new Set(sent).size).toBe(keys.length);
    if (url) expect(a.sent.length > 0 && b.sent.length > 0).toBe(true);
  });

  it('a drain returns only once every message due is sent, though the poll claimed one meanwhile', async () => {
    await enqueue([message('drained-1'), message('drained-2')]);
    // A provider that takes 150 ms a message; the poll comes 30 ms after the drain began its first send.
    class SlowSender extends RecordingSender {
      override async sendTemplate(phone: string, sms: TemplateSms) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        return super.sendTemplate(phone, sms);
      }
    }
    const sender = new SlowSender();
    const w = startOutboxWorker({
      db: t.db,
      sms: sender,
      mail: sender,
      log: t.app.log,
      pollMs: 30,
      retryBaseMs: 1,
      maxAttempts: 5,
      leaseMs: 60_000,
    });
    await w.drain();
    const sent = sender.sent.filter((s) => s.includes('text of drained-'));
    await w.stop();
    expect(sent.sort()).toEqual(['9876543210:text of drained-1', '9876543210:text of drained-2']);
  });

  it('the app sends what is written, and the sandbox keeps e-mails for the dev outbox, newest first', async () => {
    await enqueue([
      message('dev-1', { channel: 'email', recipient: 'Reader@Example.in', subject: 'One', text: 'first mail' }),
    ]);
    await t.app.outbox.drain();
    await enqueue([
      message('dev-2', { channel: 'email', recipient: 'reader@example.in', subject: 'Two', text: 'second mail' }),
    ]);
    await t.app.outbox.drain();
    const res = await t.app.inject({ url: '/api/dev/mail-outbox?to=reader@example.in' });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages.map((m: { subject: string }) => m.subject)).toEqual(['Two', 'One']);
  });
});

describe('a slow e-mail provider', () => {
  // The provider answers each message long after the lease would run out unrenewed.
  const LEASE_MS = 2_000;
  const ANSWER_DELAY_MS = 4_000;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp({ answerDelayMs: ANSWER_DELAY_MS });
  });
  afterAll(() => smtp.close());

  const smtpWorker = (db: Database, pollMs = 60_000) =>
    startOutboxWorker({
      db,
      sms: new RecordingSender(),
      mail: new SmtpMailSender({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'shop@example.in' }),
      log: t.app.log,
      pollMs,
      retryBaseMs: 1,
      maxAttempts: 5,
      leaseMs: LEASE_MS,
    });
  const mail = (key: string) => message(key, { channel: 'email', recipient: 'slow@example.in', subject: key });
  const acceptedIds = () => smtp.accepted.map(messageIdOf);

  it('two instances send each e-mail once, though every send outlasts the lease', async () => {
    const keys = ['slow-1', 'slow-2', 'slow-3', 'slow-4'];
    await enqueue(keys.map(mail));
    const second = await secondInstance();
    const a = smtpWorker(t.db, 50);
    const b = smtpWorker(second.db, 50);
    const rows = () =>
      t.db
        .select()
        .from(outboxMessages)
        .where(sql`${outboxMessages.idempotencyKey} like 'slow-%'`);
    try {
      await eventually(async () => {
        expect((await rows()).map((row) => row.status)).toEqual(keys.map(() => 'sent'));
      }, 30_000);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await second.close();
    }
    const ids = (await rows()).map((row) => `<${row.id}@rudraksha-ratna.outbox>`);
    expect(
      acceptedIds()
        .filter((id) => ids.includes(id!))
        .sort(),
    ).toEqual(ids.sort());
  });

  it('a worker whose claim is taken over during a send stops it: the e-mail arrives once', async () => {
    await enqueue([mail('taken-over')]);
    const [row] = await rowsOf('taken-over');
    const id = `<${row!.id}@rudraksha-ratna.outbox>`;
    const a = smtpWorker(t.db);
    const dataArrived = once(smtp.events, 'data');
    const sending = a.drain();
    await dataArrived;
    // While A waits for the provider's answer, its claim is taken over, as another instance does once a
    // lease runs out: the attempt number moves on and the new holder keeps it for a minute.
    await t.db
      .update(outboxMessages)
      .set({ attempts: sql`${outboxMessages.attempts} + 1`, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(outboxMessages.id, row!.id));
    await sending;
    await a.stop();
    expect(acceptedIds()).not.toContain(id);
    // A wrote nothing: the message is the new holder's, still to be sent.
    expect((await rowsOf('taken-over'))[0]).toMatchObject({ status: 'pending', attempts: 2, lastError: null });

    // The new holder's lease runs out without a send (it died): the next worker sends it, once.
    await t.db.update(outboxMessages).set({ lockedUntil: null }).where(eq(outboxMessages.id, row!.id));
    const b = smtpWorker(t.db);
    await b.drain();
    await b.stop();
    expect(acceptedIds().filter((accepted) => accepted === id)).toHaveLength(1);
    expect((await rowsOf('taken-over'))[0]).toMatchObject({ status: 'sent', attempts: 3 });
  });
});

describe('stopping while a send waits on the provider', () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    // Slower than any shutdown may wait (a supervisor kills the process after 10 s).
    smtp = await startFakeSmtp({ answerDelayMs: 30_000 });
  });
  afterAll(() => smtp.close());

  it('cuts the send off, so the provider never takes it, and leaves the message to be sent again', async () => {
    await enqueue([message('stopped', { channel: 'email', recipient: 'late@example.in', subject: 'Late' })]);
    const worker = startOutboxWorker({
      db: t.db,
      sms: new RecordingSender(),
      mail: new SmtpMailSender({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'shop@example.in' }),
      log: t.app.log,
      pollMs: 60_000,
      retryBaseMs: 1,
      maxAttempts: 5,
      leaseMs: 60_000,
    });
    const dataArrived = once(smtp.events, 'data');
    const sending = worker.drain();
    await dataArrived;
    await worker.stop();
    await sending;
    expect(smtp.accepted).toEqual([]);
    expect((await rowsOf('stopped'))[0]).toMatchObject({
      status: 'pending',
      lastError: expect.stringMatching(/shutting down/),
    });
  });
});

describe('order message templates', () => {
  const event: OrderEvent = {
    kind: 'order_shipped',
    orderId: '5d55a62b-0000-4000-8000-000000000001',
    totalPaise: 123_456_78,
    paymentMethod: 'Cash on Delivery',
    customer: { name: 'Asha Verma', phone: '9876543210', email: 'asha@example.in', orderEmails: true },
    shipment: {
      courier: 'A Very Long Regional Courier Service Name',
      trackingNumber: 'EK123456789IN',
      trackingUrl: 'https://www.indiapost.gov.in/track?id=EK123456789IN',
    },
    idempotencyKey: 'order:5d55a62b:shipped',
  };
  const settings = { publicUrl: 'https://shop.example.in', shopEmail: 'owner@example.in' };

  it('writes an SMS with DLT-sized variables and an e-mail with the tracking link and the order page', () => {
    const [sms, email, ...rest] = orderMessages(event, settings);
    expect(rest).toEqual([]);
    expect(sms).toMatchObject({ channel: 'sms', recipient: '9876543210', kind: 'order_shipped' });
    expect(sms!.text).toContain('#5D55A62B');
    expect(sms!.text).toContain('EK123456789IN');
    for (const variable of sms!.variables) expect(variable.length).toBeLessThanOrEqual(SMS_VARIABLE_MAX);
    expect(email).toMatchObject({ channel: 'email', recipient: 'asha@example.in' });
    expect(email!.subject).toBe('Order #5D55A62B has shipped - Rudraksha Ratna');
    expect(email!.text).toContain('https://www.indiapost.gov.in/track?id=EK123456789IN');
    expect(email!.text).toContain('tax invoice');
    expect(email!.text).toContain('https://shop.example.in/order/5d55a62b-0000-4000-8000-000000000001');
  });

  it('sends no e-mail to a customer who switched them off; the shop hears of every new order', () => {
    const placed = orderMessages(
      { ...event, kind: 'order_placed', customer: { ...event.customer, orderEmails: false } },
      settings,
    );
    expect(placed.map((m) => [m.channel, m.recipient, m.kind])).toEqual([
      ['sms', '9876543210', 'order_placed'],
      ['email', 'owner@example.in', 'shop_new_order'],
    ]);
    expect(placed[0]!.text).toContain('₹1,23,456.78');
  });

  it('escapes what a customer typed in the HTML e-mail', () => {
    const [, , shop] = orderMessages(
      { ...event, kind: 'order_placed', customer: { ...event.customer, name: '<img src=x onerror=alert(1)>' } },
      settings,
    );
    expect(shop!.html).not.toContain('<img');
    expect(shop!.html).toContain('&#60;img');
  });
});

describe('providers', () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(() => smtp.close());

  it('SMTP hands the message over with a Message-ID that stays the same on a retry', async () => {
    const sender = new SmtpMailSender({ url: `smtp://127.0.0.1:${smtp.port}`, from: 'Shop <shop@example.in>' });
    const mail = { to: 'a@example.in', subject: 'Order placed', text: 'Thank you', html: '<p>Thank you</p>' };
    await sender.send({ ...mail, messageId: '<m-1@rudraksha-ratna.outbox>' });
    expect(smtp.accepted).toHaveLength(1);
    expect(smtp.accepted[0]).toMatch(/^Subject: Order placed$/m);
    expect(messageIdOf(smtp.accepted[0]!)).toBe('<m-1@rudraksha-ratna.outbox>');
    expect(smtp.accepted[0]).toMatch(/^To: a@example.in$/m);
  });

  it('SMTP that cannot be reached rejects, so the outbox retries', async () => {
    const sender = new SmtpMailSender({ url: 'smtp://127.0.0.1:9', from: 'shop@example.in', timeoutMs: 2000 });
    await expect(
      sender.send({ to: 'a@example.in', subject: 's', text: 't', html: null, messageId: '<m-2@x>' }),
    ).rejects.toThrow();
  });

  it('a kind without an MSG91 template is a permanent failure', async () => {
    const sms = new Msg91Sms({
      authKey: 'k',
      templateId: 't',
      orderTemplates: { order_placed: 'p' },
      baseUrl: 'http://127.0.0.1:9',
    });
    const error = await sms
      .sendTemplate('9876543210', { kind: 'order_shipped', text: 'x', variables: [] })
      .catch((e) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error.permanent).toBe(true);
  });
});
