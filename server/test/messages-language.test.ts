/**
 * Issue 30: the customer's language is kept on their account and chooses the language of their
 * messages (SMS, e-mail, WhatsApp) and of their one-time codes.
 */
import { placeholdersOf, type Order } from '@rr/core';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpText } from '../src/adapters/sms/types.ts';
import { outboxMessages, users } from '../src/db/schema/index.ts';
import { en, hi } from '../src/modules/messages/i18n/index.ts';
import { WHATSAPP_TEMPLATES, whatsappTemplateOf } from '../src/modules/messages/whatsapp-templates.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DEVANAGARI = /\p{Script=Devanagari}/u;

describe('the message files', () => {
  it('have every key in both languages, with the same placeholders, Hindi in Devanagari', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholdersOf(hi[key]), key).toEqual(placeholdersOf(en[key]));
      // Every Hindi text but those that are only placeholders and symbols is written in Devanagari.
      if (/\p{L}/u.test(hi[key].replace(/\{\w+\}/g, ''))) expect(hi[key], key).toMatch(DEVANAGARI);
    }
  });

  it('keep a Hindi one-time code to one Unicode SMS segment (70 characters)', () => {
    for (const purpose of ['sign-in', 'order'] as const) {
      const text = otpText('123456', purpose, 'hi');
      expect(text).toMatch(DEVANAGARI);
      expect(text.length, text).toBeLessThanOrEqual(70);
    }
    expect(otpText('1234')).toBe(
      '1234 is your Rudraksha Ratna sign-in code. It is valid for 10 minutes. Do not share it with anyone.',
    );
  });

  it('give each WhatsApp template Hindi words with the same variables', () => {
    for (const spec of Object.values(WHATSAPP_TEMPLATES)) {
      const variables = (words: string) => [...words.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1]).sort();
      expect(variables(spec.wordsHi), spec.name).toEqual(variables(spec.words));
      expect(spec.wordsHi).toMatch(DEVANAGARI);
    }
  });
});

describe("the customer's language on the account", () => {
  it('is kept from registration, changed in the profile and shown there; anything else is refused', async () => {
    const buyer = await make.customer(t, { language: 'hi' });
    const profile = async () =>
      (await t.app.inject({ url: '/api/users/profile', headers: bearer(buyer.token) })).json<{ language: string }>();
    expect((await profile()).language).toBe('hi');

    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(buyer.token), payload });
    expect((await put({ language: 'en' })).statusCode).toBe(200);
    expect((await profile()).language).toBe('en');

    const refused = await put({ language: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("language must be 'en' or 'hi'");
    expect((await profile()).language).toBe('en');
    // Other settings leave it alone.
    expect((await put({ orderEmails: false })).statusCode).toBe(200);
    expect((await profile()).language).toBe('en');
  });

  it('is English when registration does not say, and a bad one is refused there too', async () => {
    const buyer = await make.customer(t);
    const [row] = await t.db.select().from(users).where(eq(users.id, buyer._id));
    expect(row!.language).toBe('en');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: {
        name: 'Asha',
        email: 'asha-fr@example.in',
        phone: '9000011111',
        password: 'secret-pass-1',
        language: 'fr',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("language must be 'en' or 'hi'");
  });

  it('chooses the language of the sign-in code SMS', async () => {
    const sentCode = async (phone: string) => {
      expect((await t.app.inject({ method: 'POST', url: '/api/users/resendOTP', payload: { phone } })).statusCode).toBe(
        200,
      );
      const res = await t.app.inject({ url: `/api/dev/sms-outbox?phone=${phone}` });
      return res.json<{ messages: { kind: string; text: string }[] }>().messages.find((m) => m.kind === 'otp')!.text;
    };
    const hindi = await make.customer(t, { language: 'hi' });
    expect(await sentCode(hindi.phone)).toMatch(/^\d{4} रुद्राक्ष रत्न साइन-इन कोड है।/);
    const english = await make.customer(t);
    expect(await sentCode(english.phone)).toMatch(/^\d{4} is your Rudraksha Ratna sign-in code/);
  });
});

describe("an order's messages", () => {
  const placedMessages = async (orderId: string) =>
    t.db
      .select()
      .from(outboxMessages)
      .where(like(outboxMessages.idempotencyKey, `order:${orderId}:order_placed%`));

  it("are in Hindi for a Hindi customer, in English for an English one, the shop's copy in English", async () => {
    const bead = await make.product(t, { stock: 10, price: 1250 });
    const hindi = await make.customer(t, { language: 'hi', name: 'राम कुमार' });
    await t.db.update(users).set({ whatsappOptInAt: new Date() }).where(eq(users.phone, hindi.phone));
    const order = (await make.codOrder(t, hindi.token, bead)).json<Order>();
    const messages = await placedMessages(order._id);
    const sms = messages.find((m) => m.channel === 'sms')!;
    const email = messages.find((m) => m.channel === 'email' && m.recipient === hindi.email)!;
    expect(sms.text).toMatch(/^रुद्राक्ष रत्न: ऑर्डर #\w+ \(₹[\d,.]+\) मिल गया, भुगतान डिलीवरी पर।/);
    expect(sms.variables[2]).toBe('भुगतान डिलीवरी पर');
    expect(email.subject).toMatch(/^ऑर्डर #\w+ मिल गया - रुद्राक्ष रत्न$/);
    expect(email.text).toContain('नमस्ते राम,');
    expect(email.text).toContain('कैश ऑन डिलीवरी');
    expect(email.html).toContain('अपना ऑर्डर देखें');
    const whatsapp = messages.find((m) => m.channel === 'whatsapp')!;
    expect(whatsapp.template).toBe('rr_order_placed:hi');
    expect(whatsapp.text).toMatch(/^नमस्ते राम, आपका रुद्राक्ष रत्न ऑर्डर/);
    expect(whatsappTemplateOf(whatsapp)).toMatchObject({ name: 'rr_order_placed', language: 'hi' });
    const shop = messages.find((m) => m.channel === 'email' && m.recipient !== hindi.email);
    if (shop) expect(shop.subject).toMatch(/^New order #/);

    const english = await make.customer(t);
    const other = (await make.codOrder(t, english.token, bead)).json<Order>();
    const theirs = await placedMessages(other._id);
    expect(theirs.find((m) => m.channel === 'sms')!.text).toMatch(
      /^Rudraksha Ratna: order #\w+ of ₹[\d,.]+ is placed, to pay on delivery\./,
    );
    expect(theirs.find((m) => m.channel === 'email' && m.recipient === english.email)!.subject).toMatch(
      /^Order #\w+ placed - Rudraksha Ratna$/,
    );
  });

  it('follow the language the account has when the message is written', async () => {
    const bead = await make.product(t, { stock: 10 });
    const buyer = await make.customer(t, { language: 'en' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: bearer(buyer.token),
      payload: { language: 'hi' },
    });
    const order = (await make.codOrder(t, buyer.token, bead)).json<Order>();
    const sms = (await placedMessages(order._id)).find((m) => m.channel === 'sms')!;
    expect(sms.text).toMatch(/^रुद्राक्ष रत्न: ऑर्डर/);
  });
});
