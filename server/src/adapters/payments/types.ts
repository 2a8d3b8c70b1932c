export interface GatewayOrder {
  id: string;
  amount: number;
  currency: 'INR';
  receipt: string;
}

/** Razorpay's orders API, or the offline sandbox that emulates it. */
export interface PaymentGateway {
  readonly name: 'sandbox' | 'razorpay';
  readonly keyId: string;
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
}

export class GatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayError';
  }
}
