/**
 * Issue 27: WhatsApp as a third message channel. The Cloud API sender against a local fake; the worker
 * sending opted-in customers' messages (and nobody else's) with retries; the templates' variables; the
 * opt-in from the profile and from the order body; the COD confirmation's "Confirm order" button through
 * the signed webhook and the sandbox's simulated press.
 */
import type { Order } from '@rr/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CloudWhatsapp,
  WhatsappDeliveryError,
  buttonPresses,
  createWhatsappSender,
  whatsappSignature,
  type WhatsappTemplate,
} from '../src/adapters/whatsapp/index.ts';
import { loadConfig } from '../src/config.ts';
import { outboxMessages, users } from '../src/db/schema/index.ts';
import { backInStockMessages, codConfirmationMessage, orderMessages } from '../src/modules/messages/index.ts';
import { whatsappTemplateOf } from '../src/modules/messages/whatsapp-templates.ts';
import { startFakeJsonApi, type FakeJsonApi } from './fake-json-api.ts';
import { LIVE_ENV, bearer, createTestApp, eventually, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

const SENT = { status: 200, body: { messaging_product: 'whatsapp', messages: [{ id: 'wamid.1' }] } };

let t: TestApp;
let fake: FakeJsonApi;
beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeJsonApi(() => SENT);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const settings = { publicUrl: 'https://shop.example.in', shopEmail: null };
const ORDER_ID = 'abcdef12-3456-4789-8abc-def012345678';
const template = (overrides: Partial<WhatsappTemplate> = {}): WhatsappTemplate => ({
  kind: 'order_placed',
  name: 'rr_order_placed',
  body: ['Asha', 'ABCDEF12', '₹1,250.00', 'Cash on Delivery'],
  text: 'Namaste Asha, ...',
  ...overrides,
});

describe('WhatsApp configuration', () => {
  it('answers the shop number for chat links, kept an hour', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config/contact' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ whatsappNumber: '919999900000' });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('has a fake demo number outside production, none in production unless set', () => {
    expect(loadConfig({}).whatsapp).toMatchObject({ provider: 'sandbox', shopNumber: '919999900000' });
    expect(loadConfig({ NODE_ENV: 'production', ...LIVE_ENV }).whatsapp).toMatchObject({
      provider: 'cloud',
      shopNumber: null,
      token: 'wa-token',
      phoneNumberId: '1234567890',
      baseUrl: 'https://graph.facebook.com/v21.0',
    });
    expect(loadConfig({ SHOP_WHATSAPP_NUMBER: '919812345678' }).whatsapp.shopNumber).toBe('919812345678');
    expect(() => loadConfig({ SHOP_WHATSAPP_NUMBER: '+91 98123' })).toThrow(/SHOP_WHATSAPP_NUMBER/);
  });

  it('refuses a half-configured Cloud API; production without it sends none, and never the sandbox', async () => {
    expect(() => loadConfig({ WHATSAPP_TOKEN: 'x' })).toThrow(
      /WhatsApp needs WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID/,
    );
    const { WHATSAPP_TOKEN: _t, WHATSAPP_PHONE_NUMBER_ID: _p, ...withoutWhatsapp } = LIVE_ENV;
    const production = loadConfig({ NODE_ENV: 'production', ...withoutWhatsapp });
    expect(production.whatsapp.provider).toBe('none');
    // A message for an opted-in customer then fails at once, saying why (the outbox keeps it, failed).
    const none = createWhatsappSender(production.whatsapp);
    await expect(
      none.send('9876543210', { kind: 'order_placed', name: 'order_placed', body: [], text: '' }),
    ).rejects.toMatchObject({
      permanent: true,
      message: expect.stringMatching(/WhatsApp is not configured/),
    });
    expect(
      loadConfig({ NODE_ENV: 'production', ...withoutWhatsapp, ALLOW_INSECURE_DEFAULTS: 'true' }).whatsapp.provider,
    ).toBe('sandbox');
  });
});

describe('CloudWhatsapp', () => {
  const cloud = () => new CloudWhatsapp({ token: 'tok-1', phoneNumberId: '10654035', baseUrl: fake.baseUrl });

  it('posts the template to {phone-number-id}/messages with the bearer token, the number with 91', async () => {
    fake.received.length = 0;
    fake.answer = () => SENT;
    await cloud().send('9876543210', template({ body: ['Asha', 'ABCDEF12', '₹1,250.00', 'two\nlines  and\ttabs'] }));
    expect(fake.received).toHaveLength(1);
    const [request] = fake.received;
    expect(request).toMatchObject({ method: 'POST', url: '/10654035/messages' });
    expect(request!.headers.authorization).toBe('Bearer tok-1');
    expect(request!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'rr_order_placed',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: ['Asha', 'ABCDEF12', '₹1,250.00', 'two lines and tabs'].map((text) => ({ type: 'text', text })),
          },
        ],
      },
    });
  });

  it('adds the quick-reply button with its payload', async () => {
    fake.received.length = 0;
    await cloud().send('9876543210', template({ name: 'rr_cod_confirmation', buttonPayload: 'confirm_order:x' }));
    const components = (fake.received[0]!.body.template as { components: unknown[] }).components;
    expect(components[1]).toEqual({
      type: 'button',
      sub_type: 'quick_reply',
      index: '0',
      parameters: [{ type: 'payload', payload: 'confirm_order:x' }],
    });
  });

  it('reports a 4xx as a permanent failure with their message, a 5xx or 429 as worth retrying', async () => {
    fake.answer = () => ({
      status: 400,
      body: { error: { message: '(#132001) Template name does not exist', code: 132001 } },
    });
    const refused = await cloud()
      .send('9876543210', template())
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(WhatsappDeliveryError);
    expect(refused).toMatchObject({ permanent: true, message: expect.stringMatching(/\(400\).*Template name/) });

    for (const status of [500, 503, 429]) {
      fake.answer = () => ({ status, body: { error: { message: 'busy' } } });
      const failed = await cloud()
        .send('9876543210', template())
        .catch((err: unknown) => err);
      expect(failed).toMatchObject({ permanent: false, message: expect.stringContaining(`(${status})`) });
    }
    fake.answer = () => SENT;
  });

  it('reports an unreachable API as worth retrying', async () => {
    const away = new CloudWhatsapp({ token: 't', phoneNumberId: '1', baseUrl: 'http://127.0.0.1:1' });
    await expect(away.send('9876543210', template())).rejects.toMatchObject({
      permanent: false,
      message: expect.stringMatching(/unreachable/),
    });
  });
});

describe('WhatsApp templates', () => {
  const event = {
    orderId: ORDER_ID,
    totalPaise: 125_000,
    paymentMethod: 'Cash on Delivery',
    customer: { name: 'Asha Devi', phone: '9876543210', email: 'a@example.in', orderEmails: false },
    idempotencyKey: 'order:x:order_placed',
  };
  const whatsappOf = (messages: ReturnType<typeof orderMessages>) => messages.filter((m) => m.channel === 'whatsapp');

  it('adds a WhatsApp message only for a customer who opted in', () => {
    expect(whatsappOf(orderMessages({ ...event, kind: 'order_placed' }, settings))).toEqual([]);
    const [placed] = whatsappOf(
      orderMessages({ ...event, kind: 'order_placed', customer: { ...event.customer, whatsapp: true } }, settings),
    );
    expect(placed).toMatchObject({
      kind: 'order_placed',
      recipient: '9876543210',
      template: 'rr_order_placed',
      variables: ['Asha', 'ABCDEF12', '₹1,250.00', 'Cash on Delivery'],
      idempotencyKey: 'order:x:order_placed:whatsapp',
    });
    expect(placed!.text).toBe(
      'Namaste Asha, your Rudraksha Ratna order #ABCDEF12 of ₹1,250.00 is placed (Cash on Delivery). We will message you here when it ships.',
    );
  });

  it('fills shipped, delivered and refunded; a cancellation has none', () => {
    const opted = { ...event, customer: { ...event.customer, whatsapp: true } };
    const shipment = { courier: 'Delhivery', trackingNumber: 'AWB123', trackingUrl: null };
    const [shipped] = whatsappOf(orderMessages({ ...opted, kind: 'order_shipped', shipment }, settings));
    expect(shipped!.variables).toEqual([
      'ABCDEF12',
      'Delhivery',
      'AWB123',
      `https://shop.example.in/order/${ORDER_ID}`,
    ]);
    const [delivered] = whatsappOf(orderMessages({ ...opted, kind: 'order_delivered' }, settings));
    expect(delivered).toMatchObject({ template: 'rr_order_delivered', variables: ['ABCDEF12'] });
    const refund = { amountPaise: 50_000, refundId: 'rfnd_1' };
    const [refunded] = whatsappOf(orderMessages({ ...opted, kind: 'order_refunded', refund }, settings));
    expect(refunded).toMatchObject({ template: 'rr_order_refunded', variables: ['₹500.00', 'ABCDEF12'] });
    expect(whatsappOf(orderMessages({ ...opted, kind: 'order_cancelled' }, settings))).toEqual([]);
  });

  it('writes the COD confirmation with its code and a button naming the order, read back as the sender takes it', () => {
    const message = codConfirmationMessage({
      orderId: ORDER_ID,
      totalPaise: 125_000,
      customer: { name: 'Asha Devi', phone: '9876543210' },
      code: '4821',
    });
    expect(message).toMatchObject({
      kind: 'cod_confirmation',
      channel: 'whatsapp',
      template: 'rr_cod_confirmation',
      variables: ['Asha', 'ABCDEF12', '₹1,250.00', '4821', `confirm_order:${ORDER_ID}`],
    });
    expect(message.text).toMatch(/tap Confirm order below, or enter the code 4821/);
    expect(whatsappTemplateOf({ ...message, template: message.template ?? null })).toEqual({
      kind: 'cod_confirmation',
      name: 'rr_cod_confirmation',
      language: 'en',
      body: ['Asha', 'ABCDEF12', '₹1,250.00', '4821'],
      buttonPayload: `confirm_order:${ORDER_ID}`,
      text: message.text,
    });
  });

  it('tells an opted-in customer of a product back in stock', () => {
    const alert = { alertId: 'a1', product: { name: '5 Mukhi', url: 'https://x/p' }, phone: '9876543210', email: null };
    expect(backInStockMessages(alert).map((m) => m.channel)).toEqual(['sms']);
    expect(backInStockMessages({ ...alert, whatsapp: true })[1]).toMatchObject({
      channel: 'whatsapp',
      template: 'rr_back_in_stock',
      variables: ['5 Mukhi', 'https://x/p'],
    });
  });
});

const put = (token: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(token), payload });
const profile = async (token: string) =>
  (await t.app.inject({ url: '/api/users/profile', headers: bearer(token) })).json<{ whatsappOptIn: boolean }>();
const optedInAt = async (id: string) =>
  (await t.db.select({ at: users.whatsappOptInAt }).from(users).where(eq(users.id, id)))[0]!.at;
const outboxOf = (phone: string, kind: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.recipient, phone),
        eq(outboxMessages.channel, 'whatsapp'),
        eq(outboxMessages.kind, kind as 'order_placed'),
      ),
    );

function codOrder(token: string, productId: string, extra: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: {
      orderItems: [{ product: productId, qty: 1 }],
      shippingAddress: make.ADDRESS,
      paymentMethod: 'Cash on Delivery',
      ...extra,
    },
  });
}

describe('the WhatsApp opt-in', () => {
  it('is switched on and off in the profile; on keeps the first time', async () => {
    const buyer = await make.customer(t);
    expect((await profile(buyer.token)).whatsappOptIn).toBe(false);
    expect((await put(buyer.token, { whatsappOptIn: true })).statusCode).toBe(200);
    expect((await profile(buyer.token)).whatsappOptIn).toBe(true);
    const first = await optedInAt(buyer._id);
    expect(first).not.toBeNull();
    await put(buyer.token, { whatsappOptIn: true });
    expect(await optedInAt(buyer._id)).toEqual(first);
    await put(buyer.token, { whatsappOptIn: false });
    expect(await optedInAt(buyer._id)).toBeNull();
    expect((await profile(buyer.token)).whatsappOptIn).toBe(false);
    expect((await put(buyer.token, { whatsappOptIn: 'yes' })).statusCode).toBe(400);
  });

  it("is recorded from an order's or a payment's body, and false there leaves it as it was", async () => {
    const bead = await make.product(t, { stock: 10 });
    const buyer = await make.customer(t);
    expect((await codOrder(buyer.token, bead, { whatsappOptIn: false })).statusCode).toBe(201);
    expect(await optedInAt(buyer._id)).toBeNull();
    expect((await outboxOf(buyer.phone, 'order_placed')).length).toBe(0);
    expect((await codOrder(buyer.token, bead, { whatsappOptIn: true })).statusCode).toBe(201);
    expect(await optedInAt(buyer._id)).not.toBeNull();
    // The order that opted in is the first told on WhatsApp.
    expect((await outboxOf(buyer.phone, 'order_placed')).length).toBe(1);
    await codOrder(buyer.token, bead, { whatsappOptIn: false });
    expect(await optedInAt(buyer._id)).not.toBeNull();

    const payer = await make.customer(t);
    const hold = await t.app.inject({
      method: 'POST',
      url: '/api/payments/razorpay/order',
      headers: bearer(payer.token),
      payload: { orderItems: [{ product: bead, qty: 1 }], shippingAddress: make.ADDRESS, whatsappOptIn: true },
    });
    expect(hold.statusCode).toBe(201);
    expect(await optedInAt(payer._id)).not.toBeNull();
  });

  it('puts shipping news on WhatsApp for an opted-in customer only', async () => {
    const admin = await make.admin(t);
    const bead = await make.product(t, { stock: 10 });
    const opted = await make.customer(t);
    const other = await make.customer(t);
    await put(opted.token, { whatsappOptIn: true });
    for (const buyer of [opted, other]) {
      const placed = (await codOrder(buyer.token, bead)).json<Order>();
      const shipped = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${placed._id}/ship`,
        headers: bearer(admin.token),
        payload: { courier: 'Delhivery', trackingNumber: 'AWB9876543' },
      });
      expect(shipped.statusCode).toBe(200);
    }
    const [news] = await outboxOf(opted.phone, 'order_shipped');
    expect(news).toMatchObject({ template: 'rr_order_shipped' });
    expect(news!.variables.slice(1, 3)).toEqual(['Delhivery', 'AWB9876543']);
    expect(await outboxOf(other.phone, 'order_shipped')).toEqual([]);
  });
});

type Kept = { phone: string; kind: string; template: string; variables: string[]; buttonPayload: string | null };
const whatsappOutbox = async (phone: string) =>
  (await t.app.inject({ url: `/api/dev/whatsapp-outbox?phone=${phone}` })).json<{ messages: Kept[] }>().messages;
const webhook = (body: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-hub-signature-256': signature }),
    },
    payload: body,
  });
/** A notification as Meta sends it when `phone` (10 digits) taps a quick-reply button. */
const pressNotification = (phone: string, payload: string, id = 'wamid.press1') =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '919999900000', phone_number_id: '106540352242922' },
              contacts: [{ profile: { name: 'Asha' }, wa_id: `91${phone}` }],
              messages: [
                {
                  from: `91${phone}`,
                  id,
                  timestamp: '1739321024',
                  type: 'button',
                  button: { payload, text: 'Confirm order' },
                },
              ],
            },
          },
        ],
      },
    ],
  });
const orderOf = async (token: string, id: string) =>
  (await t.app.inject({ url: `/api/orders/${id}`, headers: bearer(token) })).json<Order>();

describe('the WhatsApp webhook', () => {
  it("answers Meta's subscription check with the challenge, only for the shop's verify token", async () => {
    const verify = t.config.whatsapp.verifyToken;
    const ok = await t.app.inject({
      url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${verify}&hub.challenge=1158201444`,
    });
    expect([ok.statusCode, ok.body]).toEqual([200, '1158201444']);
    const wrong = await t.app.inject({
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
  });

  it('refuses a notification whose signature does not match its bytes (401)', async () => {
    const body = pressNotification('9876543210', 'confirm_order:x');
    const secret = t.config.whatsapp.appSecret;
    expect((await webhook(body)).statusCode).toBe(401);
    expect((await webhook(body, whatsappSignature('another-secret', body))).statusCode).toBe(401);
    expect((await webhook(`${body} `, whatsappSignature(secret, body))).statusCode).toBe(401);
    const refused = await webhook(body, 'sha256=short');
    expect([refused.statusCode, refused.json()]).toEqual([
      401,
      { message: 'Invalid webhook signature', code: 'INVALID_WEBHOOK_SIGNATURE' },
    ]);
    expect((await webhook(body, whatsappSignature(secret, body))).statusCode).toBe(200);
  });

  it('reads button presses out of a notification, passing over statuses and texts', () => {
    const notification = JSON.parse(pressNotification('9876543210', 'confirm_order:abc')) as {
      entry: [{ changes: [{ value: { messages: object[]; statuses?: object[] } }] }];
    };
    const value = notification.entry[0].changes[0].value;
    value.messages.push({ from: '919876543210', id: 'wamid.t', type: 'text', text: { body: 'hello' } });
    value.statuses = [{ id: 'wamid.s', status: 'delivered', recipient_id: '919876543210' }];
    expect(buttonPresses(notification)).toEqual([
      { phone: '9876543210', payload: 'confirm_order:abc', messageId: 'wamid.press1' },
    ]);
    expect(buttonPresses({ entry: 'nonsense' })).toEqual([]);
  });
});

describe('a COD order confirmed on WhatsApp', () => {
  async function awaitingOrder() {
    const buyer = await make.customer(t, {}, { phoneProven: false });
    await put(buyer.token, { whatsappOptIn: true });
    const bead = await make.product(t, { stock: 10 });
    const placed = (await codOrder(buyer.token, bead)).json<Order>();
    expect(placed.confirmBy).not.toBeNull();
    return { buyer, placed };
  }

  it('is asked on WhatsApp (through the outbox) as well as by SMS', async () => {
    const { buyer, placed } = await awaitingOrder();
    await t.app.outbox.drain();
    const [asked] = (await whatsappOutbox(buyer.phone)).filter((m) => m.kind === 'cod_confirmation');
    expect(asked).toMatchObject({ template: 'rr_cod_confirmation', buttonPayload: `confirm_order:${placed._id}` });
    const sms = (await t.app.inject({ url: `/api/dev/sms-outbox?phone=${buyer.phone}` })).json<{
      messages: { kind: string; code: string }[];
    }>();
    expect(asked!.variables[3]).toBe(sms.messages.find((m) => m.kind === 'otp')!.code);
  });

  it('is confirmed once by a signed "Confirm order" press from its customer\'s phone; a replay changes nothing', async () => {
    const { buyer, placed } = await awaitingOrder();
    const body = pressNotification(buyer.phone, `confirm_order:${placed._id}`);
    const signature = whatsappSignature(t.config.whatsapp.appSecret, body);
    const first = await webhook(body, signature);
    expect([first.statusCode, first.json()]).toEqual([200, { confirmed: 1 }]);
    expect((await orderOf(buyer.token, placed._id)).confirmBy).toBeNull();
    const [account] = await t.db.select().from(users).where(eq(users.id, buyer._id));
    expect(account!.phoneVerifiedAt).not.toBeNull();
    const placedNews = await outboxOf(buyer.phone, 'order_placed');
    expect(placedNews).toHaveLength(1);

    const replay = await webhook(body, signature);
    expect([replay.statusCode, replay.json()]).toEqual([200, { confirmed: 0 }]);
    expect(await outboxOf(buyer.phone, 'order_placed')).toHaveLength(1);
    await t.app.outbox.drain();
    await eventually(async () => {
      expect((await whatsappOutbox(buyer.phone)).map((m) => m.kind)).toContain('order_placed');
    });
  });

  it('is not confirmed by a press from another phone, nor by a payload naming no order', async () => {
    const { buyer, placed } = await awaitingOrder();
    const stranger = '9123456780';
    for (const [phone, payload] of [
      [stranger, `confirm_order:${placed._id}`],
      [buyer.phone, 'confirm_order:not-an-order'],
      [buyer.phone, `something_else:${placed._id}`],
    ] as const) {
      const body = pressNotification(phone, payload);
      const res = await webhook(body, whatsappSignature(t.config.whatsapp.appSecret, body));
      expect([res.statusCode, res.json()]).toEqual([200, { confirmed: 0 }]);
    }
    expect((await orderOf(buyer.token, placed._id)).confirmBy).not.toBeNull();
  });

  it("is confirmed by the sandbox's simulated press, through the same path", async () => {
    const { buyer, placed } = await awaitingOrder();
    const press = (phone: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/dev/whatsapp/reply',
        payload: { phone, payload: `confirm_order:${placed._id}` },
      });
    expect((await press('9123456780')).json()).toEqual({ confirmed: 0 });
    expect((await press(`91${buyer.phone}`)).json()).toEqual({ confirmed: 1 });
    expect((await press(buyer.phone)).json()).toEqual({ confirmed: 0 });
    expect((await orderOf(buyer.token, placed._id)).confirmBy).toBeNull();
  });
});

describe('the outbox worker on the Cloud API', () => {
  let cloudApp: TestApp;
  beforeAll(async () => {
    cloudApp = await createTestApp({
      env: {
        WHATSAPP_TOKEN: 'cloud-token',
        WHATSAPP_PHONE_NUMBER_ID: '555000111',
        WHATSAPP_APP_SECRET: 'cloud-secret',
        WHATSAPP_VERIFY_TOKEN: 'cloud-verify',
        WHATSAPP_BASE_URL: fake.baseUrl,
        OUTBOX_POLL_MS: '60000',
        OUTBOX_RETRY_BASE_MS: '1',
        OUTBOX_MAX_ATTEMPTS: '3',
      },
    });
  });
  afterAll(async () => {
    await cloudApp?.close();
  });

  const rowsTo = (phone: string) =>
    cloudApp.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, 'whatsapp')));
  const sentTo = (phone: string) =>
    fake.received.filter((r) => r.url === '/555000111/messages' && r.body.to === `91${phone}`);
  async function placeFor(optIn: boolean) {
    const buyer = await make.customer(cloudApp);
    const bead = await make.product(cloudApp, { stock: 5 });
    const res = await cloudApp.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: bearer(buyer.token),
      payload: {
        orderItems: [{ product: bead, qty: 1 }],
        shippingAddress: make.ADDRESS,
        paymentMethod: 'Cash on Delivery',
        whatsappOptIn: optIn,
      },
    });
    expect(res.statusCode).toBe(201);
    return buyer;
  }
  const drainUntil = (check: () => Promise<void>) =>
    eventually(async () => {
      await cloudApp.app.outbox.drain();
      await check();
    }, 5_000);

  it("sends an opted-in customer's order news on WhatsApp, and nobody else's", async () => {
    fake.answer = () => SENT;
    const opted = await placeFor(true);
    const other = await placeFor(false);
    await drainUntil(async () => expect((await rowsTo(opted.phone))[0]?.status).toBe('sent'));
    const [request] = sentTo(opted.phone);
    expect(request!.headers.authorization).toBe('Bearer cloud-token');
    expect(request!.body.template).toMatchObject({ name: 'rr_order_placed', language: { code: 'en' } });
    expect(await rowsTo(other.phone)).toEqual([]);
    expect(sentTo(other.phone)).toEqual([]);
  });

  it('retries after a 5xx until it goes, and gives up at once on a 4xx', async () => {
    let failures = 2;
    fake.answer = () => (failures-- > 0 ? { status: 503, body: { error: { message: 'overloaded' } } } : SENT);
    const retried = await placeFor(true);
    await drainUntil(async () => expect((await rowsTo(retried.phone))[0]?.status).toBe('sent'));
    expect((await rowsTo(retried.phone))[0]!.attempts).toBe(3);
    expect(sentTo(retried.phone)).toHaveLength(3);

    fake.answer = () => ({
      status: 400,
      body: { error: { message: '(#131026) Message undeliverable', code: 131026 } },
    });
    const refused = await placeFor(true);
    await drainUntil(async () => expect((await rowsTo(refused.phone))[0]?.status).toBe('failed'));
    const [row] = await rowsTo(refused.phone);
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toMatch(/\(400\).*Message undeliverable/);
    fake.answer = () => SENT;
  });

  it('keeps no sandbox routes when the Cloud API is configured', async () => {
    expect((await cloudApp.app.inject({ url: '/api/dev/whatsapp-outbox' })).statusCode).toBe(404);
    const body = pressNotification('9876543210', 'confirm_order:x');
    const signed = await cloudApp.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature('cloud-secret', body) },
      payload: body,
    });
    expect(signed.statusCode).toBe(200);
  });
});
