import { randomBytes } from 'node:crypto';
import { CURRENCY } from '@rr/core';
import type { GatewayOrder, GatewayRefund, PaymentGateway, RefundRequest } from './types.ts';

/** Razorpay-style ids: a prefix and 14 letters and digits. */
export function sandboxId(prefix: 'order' | 'pay' | 'evt' | 'rfnd'): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(14);
  return `${prefix}_${Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')}`;
}

/**
 * The offline stand-in for Razorpay: it creates orders locally, and the browser loads a checkout
 * script served by this server (`/api/payments/checkout.js`) whose test dialog asks the server
 * to sign the result with the sandbox key secret, so the real verification code runs unchanged.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';

  /** Refunds made, by idempotency key: a retried refund gets the same answer, as from Razorpay. */
  private readonly refunds = new Map<string, GatewayRefund>();

  constructor(readonly keyId: string) {}

  async createOrder(input: { amountPaise: number; receipt: string }): Promise<GatewayOrder> {
    return { id: sandboxId('order'), amount: input.amountPaise, currency: CURRENCY, receipt: input.receipt };
  }

  /** Sandbox payments are settled at once, so their refunds are processed at once. */
  async refund(input: RefundRequest): Promise<GatewayRefund> {
    const earlier = this.refunds.get(input.idempotencyKey);
    if (earlier) return earlier;
    const refund: GatewayRefund = {
      id: sandboxId('rfnd'),
      paymentId: input.paymentId,
      amount: input.amountPaise,
      status: 'processed',
    };
    this.refunds.set(input.idempotencyKey, refund);
    return refund;
  }
}
