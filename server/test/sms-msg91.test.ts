import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg91Sms, SmsDeliveryError } from '../src/adapters/sms/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import * as make from './factories.ts';

/** A local stand-in for MSG91's flow API: records requests, answers as told. */
interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}
let fake: Server;
let baseUrl: string;
const received: Recorded[] = [];
let answer: { status: number; body: unknown } = {
  status: 200,
  body: { type: 'success', message: '3763646c3058373530393938' },
};

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      received.push({ method: req.method!, url: req.url!, headers: req.headers, body: JSON.parse(raw || 'null') });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

describe('Msg91Sms', () => {
  it('posts the code to the flow API with the auth key and the DLT-mapped template', async () => {
    received.length = 0;
    answer = { status: 200, body: { type: 'success', message: 'queued' } };
    const sms = new Msg91Sms({ authKey: 'auth-key-1', templateId: 'tmpl-6523', baseUrl });
    await sms.sendOtp('9876543210', '4821');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/api/v5/flow' });
    expect(received[0]!.headers.authkey).toBe('auth-key-1');
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.body).toEqual({
      template_id: 'tmpl-6523',
      short_url: '0',
      recipients: [{ mobiles: '919876543210', otp: '4821' }],
    });
  });

  it.each([
    [401, { type: 'error', message: 'Authentication failure' }, /refused the message \(401\): Authentication failure/],
    [200, { type: 'error', message: 'Template not approved' }, /Template not approved/],
    [500, 'oops', /refused the message \(500\)/],
  ])('reports a refusal (%i) as SmsDeliveryError', async (status, body, message) => {
    answer = { status, body };
    const sms = new Msg91Sms({ authKey: 'k', templateId: 't', baseUrl });
    const sent = sms.sendOtp('9876543210', '1234');
    await expect(sent).rejects.toBeInstanceOf(SmsDeliveryError);
    await expect(sent).rejects.toThrow(message);
  });

  it('reports an unreachable provider as SmsDeliveryError', async () => {
    const sms = new Msg91Sms({ authKey: 'k', templateId: 't', baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(sms.sendOtp('9876543210', '1234')).rejects.toThrow(/MSG91 unreachable/);
  });
});

describe('the app configured for MSG91', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SMS_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: 'live-key',
        MSG91_TEMPLATE_ID: 'dlt-tmpl-1',
        MSG91_BASE_URL: baseUrl,
      },
    });
  });
  afterAll(async () => t?.close());

  it('sends sign-in codes through MSG91 and signs in with the code it sent', async () => {
    received.length = 0;
    answer = { status: 200, body: { type: 'success', message: 'queued' } };
    const customer = await make.customer(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/users/resendOTP', payload: { phone: customer.phone } });
    expect(res.statusCode).toBe(200);
    const sent = received[0]!.body as { recipients: Array<{ mobiles: string; otp: string }> };
    expect(sent.recipients[0]!.mobiles).toBe(`91${customer.phone}`);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/users/verifyotp',
      payload: { phone: customer.phone, otp: sent.recipients[0]!.otp },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('answers 502 when MSG91 refuses, and lets the customer retry at once', async () => {
    const customer = await make.customer(t);
    answer = { status: 401, body: { type: 'error', message: 'Authentication failure' } };
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/users/resendOTP',
      payload: { phone: customer.phone },
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('We could not send the code just now. Please try again.');
    answer = { status: 200, body: { type: 'success', message: 'queued' } };
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/users/resendOTP',
      payload: { phone: customer.phone },
    });
    expect(retry.statusCode).toBe(200);
  });

  it('has no sandbox outbox', async () => {
    const res = await t.app.inject({ url: '/api/dev/sms-outbox' });
    expect(res.statusCode).toBe(404);
  });
});

describe('the app with a Hindi code template (issue 30)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SMS_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: 'live-key',
        MSG91_TEMPLATE_ID: 'dlt-tmpl-en',
        MSG91_TEMPLATE_ID_HI: 'dlt-tmpl-hi',
        MSG91_BASE_URL: baseUrl,
      },
    });
  });
  afterAll(async () => t?.close());

  const templateOfCodeSentTo = async (phone: string) => {
    received.length = 0;
    answer = { status: 200, body: { type: 'success', message: 'queued' } };
    const res = await t.app.inject({ method: 'POST', url: '/api/users/resendOTP', payload: { phone } });
    expect(res.statusCode).toBe(200);
    return (received[0]!.body as { template_id: string }).template_id;
  };

  it('sends a Hindi customer their code under MSG91_TEMPLATE_ID_HI, an English one under MSG91_TEMPLATE_ID', async () => {
    const hindi = await make.customer(t, { language: 'hi' });
    const english = await make.customer(t);
    expect(await templateOfCodeSentTo(hindi.phone)).toBe('dlt-tmpl-hi');
    expect(await templateOfCodeSentTo(english.phone)).toBe('dlt-tmpl-en');
  });
});

describe('order SMS in Hindi (issue 30)', () => {
  const sent = () => received.map((r) => (r.body as { template_id: string }).template_id);

  it('go under the Hindi template of their kind, else under the English one', async () => {
    received.length = 0;
    answer = { status: 200, body: { type: 'success', message: 'queued' } };
    const sms = new Msg91Sms({
      authKey: 'k',
      templateId: 't',
      orderTemplates: { order_placed: 'placed-en', order_shipped: 'shipped-en' },
      orderTemplatesHi: { order_placed: 'placed-hi' },
      baseUrl,
    });
    const message = { text: 'x', variables: ['1'] };
    await sms.sendTemplate('9876543210', { ...message, kind: 'order_placed', language: 'hi' });
    await sms.sendTemplate('9876543210', { ...message, kind: 'order_placed', language: 'en' });
    await sms.sendTemplate('9876543210', { ...message, kind: 'order_placed' });
    await sms.sendTemplate('9876543210', { ...message, kind: 'order_shipped', language: 'hi' });
    expect(sent()).toEqual(['placed-hi', 'placed-en', 'placed-en', 'shipped-en']);
  });

  it('reach MSG91 from the outbox under MSG91_ORDER_TEMPLATES_HI for a Hindi customer', async () => {
    const t = await createTestApp({
      env: {
        SMS_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: 'live-key',
        MSG91_TEMPLATE_ID: 'dlt-tmpl-1',
        MSG91_ORDER_TEMPLATES: 'order_placed=placed-en',
        MSG91_ORDER_TEMPLATES_HI: 'order_placed=placed-hi',
        MSG91_BASE_URL: baseUrl,
      },
    });
    try {
      answer = { status: 200, body: { type: 'success', message: 'queued' } };
      const bead = await make.product(t);
      const hindi = await make.customer(t, { language: 'hi' });
      const english = await make.customer(t);
      for (const buyer of [hindi, english]) {
        // Cleared before the order: the outbox's own poll may send its message before the drain below.
        received.length = 0;
        expect((await make.codOrder(t, buyer.token, bead)).statusCode).toBe(201);
        await t.app.outbox.drain();
        const flows = received.map((r) => r.body as { template_id: string; recipients: { mobiles: string }[] });
        expect(flows.find((f) => f.recipients[0]!.mobiles === `91${buyer.phone}`)?.template_id).toBe(
          buyer === hindi ? 'placed-hi' : 'placed-en',
        );
      }
    } finally {
      await t.close();
    }
  });
});
