export interface GatewayOrder {
  id: string;
  amount: number;
  currency: 'INR';
  receipt: string;
}

/** A refund as the gateway reports it: `pending` until the bank confirms, then processed or failed. */
export interface GatewayRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
}

export interface RefundRequest {
  paymentId: string;
  amountPaise: number;
  /**
   * The same key for every try of one refund: the gateway answers a retry with the refund it already
   * made, so a timeout followed by a retry can never refund twice. 10-40 letters, digits, - and _.
   */
  idempotencyKey: string;
  notes: Record<string, string>;
}

/** Razorpay's orders and refunds APIs, or the offline sandbox that emulates them. */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'razorpay';
  readonly keyId: string;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  refund(input: RefundRequest): Promise<GatewayRefund>;
}

export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}
