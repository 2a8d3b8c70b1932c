import type { Config } from '../../config.ts';
import type { PincodeDirectory } from '../pincode/offline-directory.ts';
import { SandboxCourier } from './sandbox.ts';
import { ShiprocketCourier } from './shiprocket.ts';
import type { CourierService } from './types.ts';

export * from './types.ts';
export {
  SandboxCourier,
  SANDBOX_COURIER_WEBHOOK_TOKEN,
  SANDBOX_NO_COD_STATES,
  sandboxAwb,
  sandboxTrackingPayload,
} from './sandbox.ts';
export { ShiprocketCourier, type ShiprocketOptions } from './shiprocket.ts';
export { WEBHOOK_TOKEN_HEADER, formatTrackingTime, trackingEventsOf, type TrackingPayload } from './tracking-payload.ts';

/**
 * The courier the configuration names: Shiprocket when its settings are given, the offline sandbox
 * outside production (or in a production-mode demo), and none in production without an aggregator (the
 * owner types the courier and AWB by hand).
 */
export function createCourier(config: Config['courier'], pincodes: PincodeDirectory): CourierService | null {
  if (config.provider === 'shiprocket') {
    return new ShiprocketCourier({
      email: config.email,
      password: config.password,
      webhookToken: config.webhookToken,
      pickupLocation: config.pickupLocation,
      baseUrl: config.baseUrl,
    });
  }
  return config.provider === 'sandbox' ? new SandboxCourier(pincodes) : null;
}
