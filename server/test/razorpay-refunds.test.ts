import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError, RazorpayGateway, SandboxGateway } from '../src/adapters/payments/index.ts';
import { startFakeJsonApi, type FakeJsonApi } from './fake-json-api.ts';

/** A local stand-in for Razorpay's refunds API. */
let fake: FakeJsonApi;
let baseUrl: string;
beforeAll(async () => {
  fake = await startFakeJsonApi(() => ({ status: 500, body: {} }));
  baseUrl = fake.baseUrl;
});
afterAll(() => fake.close());
const received = () => fake.received;

const request = {
  paymentId: 'pay_Fake0000000001',
  amountPaise: 216000,
  idempotencyKey: 'refund-5d55a62b-0000-4000-8000-000000000001',
  notes: { order: '5d55a62b-0000-4000-8000-000000000001' },
};

describe('Razorpay refunds', () => {
  it('asks for a normal refund of the amount on the payment, with the idempotency key', async () => {
    fake.received.length = 0;
    fake.answer = (body) => ({
      status: 200,
      body: {
        id: 'rfnd_Fake000000001',
        entity: 'refund',
        payment_id: 'pay_Fake0000000001',
        amount: body.amount,
        status: 'processed',
      },
    });
    const gateway = new RazorpayGateway({ keyId: 'rzp_test_key', keySecret: 'secret_1', baseUrl });
    const refund = await gateway.refund(request);
    expect(refund).toEqual({
      id: 'rfnd_Fake000000001',
      paymentId: 'pay_Fake0000000001',
      amount: 216000,
      status: 'processed',
    });
    expect(received()).toHaveLength(1);
    expect(received()[0]!.url).toBe('/v1/payments/pay_Fake0000000001/refund');
    expect(received()[0]!.headers['x-refund-idempotency']).toBe(request.idempotencyKey);
    expect(received()[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('rzp_test_key:secret_1').toString('base64')}`,
    );
    expect(received()[0]!.body).toEqual({ amount: 216000, speed: 'normal', notes: request.notes });
  });

  it('keeps a payment id from reaching another path', async () => {
    fake.received.length = 0;
    fake.answer = () => ({ status: 400, body: { error: { description: 'not a valid id' } } });
    const gateway = new RazorpayGateway({ keyId: 'k', keySecret: 's', baseUrl });
    await expect(gateway.refund({ ...request, paymentId: '../orders/x' })).rejects.toBeInstanceOf(GatewayError);
    expect(received()[0]!.url).toBe('/v1/payments/..%2Forders%2Fx/refund');
  });

  it.each([
    [
      'a refusal',
      { status: 400, body: { error: { description: 'The refund amount is greater than the payment' } } },
      /greater than the payment/,
    ],
    [
      'an amount that differs',
      { status: 200, body: { id: 'rfnd_x', amount: 1, status: 'processed' } },
      /unexpected reply/,
    ],
    ['an unknown status', { status: 200, body: { id: 'rfnd_x', amount: 216000, status: 'odd' } }, /unexpected reply/],
    ['a 5xx', { status: 502, body: 'bad gateway' }, /\(502\)/],
  ])('turns %s into a GatewayError', async (_name, reply, message) => {
    fake.answer = () => reply;
    const gateway = new RazorpayGateway({ keyId: 'k', keySecret: 's', baseUrl });
    await expect(gateway.refund(request)).rejects.toThrow(message);
  });

  it('reports an unreachable gateway as a GatewayError', async () => {
    const gateway = new RazorpayGateway({ keyId: 'k', keySecret: 's', baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(gateway.refund(request)).rejects.toThrow(/Razorpay unreachable/);
  });
});

describe('sandbox refunds', () => {
  it('are processed at once, and a retry with the same key gets the same refund', async () => {
    const gateway = new SandboxGateway('rzp_test_sandbox');
    const first = await gateway.refund(request);
    expect(first).toMatchObject({ paymentId: request.paymentId, amount: 216000, status: 'processed' });
    expect(first.id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    expect(await gateway.refund(request)).toEqual(first);
    expect((await gateway.refund({ ...request, idempotencyKey: 'another-refund-key' })).id).not.toBe(first.id);
  });
});
