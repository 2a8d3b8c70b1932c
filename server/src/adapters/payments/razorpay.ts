import { CURRENCY } from '@rr/core';
import { GatewayError, type GatewayOrder, type PaymentGateway } from './types.ts';

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

  async createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayOrder> {
    const auth = Buffer.from(`${this.options.keyId}:${this.options.keySecret}`).toString('base64');
    let response: Response;
    try {
      response = await fetch(new URL('/v1/orders', this.options.baseUrl), {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          amount: input.amountPaise,
          currency: CURRENCY,
          receipt: input.receipt,
          notes: input.notes,
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new GatewayError(`Razorpay unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
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
}
