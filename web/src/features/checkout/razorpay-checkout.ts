/** The part of Razorpay's checkout.js interface the shop uses (the sandbox serves the same). */
export interface RazorpayResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface RazorpayFailure {
  error: { code?: string; description?: string; reason?: string };
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: 'INR';
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  theme?: { color: string };
  /** Seconds the checkout stays open: closed before the server's hold on the stock ends. */
  timeout?: number;
  handler: (result: RazorpayResult) => void;
  modal: { ondismiss: () => void };
}

interface RazorpayCheckout {
  on(event: 'payment.failed', handler: (failure: RazorpayFailure) => void): void;
  open(): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayCheckout;
  }
}

const SCRIPT_URL = '/api/payments/checkout.js';
let loading: Promise<boolean> | null = null;

/** PRODUCT.md step 1: load the checkout script before anything is created; false when it cannot load. */
export function loadCheckoutScript(): Promise<boolean> {
  if (window.Razorpay) return Promise.resolve(true);
  loading ??= new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve(Boolean(window.Razorpay));
    script.onerror = () => {
      script.remove();
      loading = null;
      resolve(false);
    };
    document.body.append(script);
  });
  return loading;
}

export function openCheckout(options: RazorpayOptions, onFailure: (failure: RazorpayFailure) => void): void {
  const checkout = new window.Razorpay!(options);
  checkout.on('payment.failed', onFailure);
  checkout.open();
}
