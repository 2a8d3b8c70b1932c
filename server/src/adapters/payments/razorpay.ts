import { CURRENCY } from '@rr/core';
import {
  GatewayError,
  type GatewayOrder,
  type GatewayRefund,
  type PaymentGateway,
  type RefundRequest,
} from './types.ts';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  baseUrl: string;
  timeoutMs?: number;
}

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** Razorpay's orders API over HTTPS, with basic auth of key id and secret. */
export class RazorpayGateway implements PaymentGateway {
  readonly name = 'razorpay';

  constructor(private readonly options: RazorpayOptions) {}

  get keyId(): string {
    return this.options.keyId;
  }

  /** POSTs JSON with basic auth of key id and secret; a network failure is a GatewayError. */
  private async post(pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const auth = Buffer.from(`${this.options.keyId}:${this.options.keySecret}`).toString('base64');
    try {
      return await fetch(new URL(pathname, this.options.baseUrl), {
        method: 'POST',
        headers: {
          authorization: `Basic ${auth}`,
          'content-type': 'application/json',
          accept: 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new GatewayError(`Razorpay unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayOrder> {
    const response = await this.post('/v1/orders', {
      amount: input.amountPaise,
      currency: CURRENCY,
      receipt: input.receipt,
      notes: input.notes,
    });
    const body = (await response.json().catch(() => null)) as {
      id?: string;
      amount?: number;
      currency?: string;
      receipt?: string;
      error?: { description?: string };
    } | null;
    if (!response.ok || !body?.id || body.amount !== input.amountPaise || body.currency !== CURRENCY) {
      throw new GatewayError(
        `Razorpay did not create the order (${response.status}): ${body?.error?.description ?? 'unexpected reply'}`,
      );
    }
    return { id: body.id, amount: body.amount, currency: CURRENCY, receipt: body.receipt ?? input.receipt };
  }

  /** A normal refund on a captured payment (POST /v1/payments/:id/refund), idempotent by key. */
  async refund(input: RefundRequest): Promise<GatewayRefund> {
    const response = await this.post(
      `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`,
      { amount: input.amountPaise, speed: 'normal', notes: input.notes },
      { 'x-refund-idempotency': input.idempotencyKey },
    );
    const body = (await response.json().catch(() => null)) as {
      id?: string;
      payment_id?: string;
      amount?: number;
      status?: string;
      error?: { description?: string };
    } | null;
    const status = body?.status;
    if (
      !response.ok ||
      !body?.id ||
      body.amount !== input.amountPaise ||
      (status !== 'pending' && status !== 'processed' && status !== 'failed')
    ) {
      throw new GatewayError(
        `Razorpay did not refund the payment (${response.status}): ${body?.error?.description ?? 'unexpected reply'}`,
      );
    }
    return { id: body.id, paymentId: body.payment_id ?? input.paymentId, amount: body.amount, status };
  }
}
