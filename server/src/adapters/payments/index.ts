import type { Config } from '../../config.ts';
import { RazorpayGateway } from './razorpay.ts';
import { SandboxGateway } from './sandbox.ts';
import type { PaymentGateway } from './types.ts';

export {
  GatewayError,
  type GatewayOrder,
  type GatewayRefund,
  type PaymentGateway,
  type RefundRequest,
} from './types.ts';
export { RazorpayGateway, RAZORPAY_CHECKOUT_SCRIPT } from './razorpay.ts';
export { SandboxGateway, sandboxId } from './sandbox.ts';
export * from './signatures.ts';

export function createPaymentGateway(config: Config['payments']): PaymentGateway {
  return config.gateway === 'razorpay'
    ? new RazorpayGateway({ keyId: config.keyId, keySecret: config.keySecret, baseUrl: config.baseUrl })
    : new SandboxGateway(config.keyId);
}
