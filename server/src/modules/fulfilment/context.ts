import type { FastifyBaseLogger } from 'fastify';
import type { CourierService, TrackingEvent } from '../../adapters/courier/index.ts';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import type { PincodeDirectory } from '../../adapters/pincode/offline-directory.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { messageSettings, type MessageSettings } from '../messages/index.ts';

/** What dispatch, delivery, cancellation and the courier's tracking need beyond the database. */
export interface FulfilmentContext {
  db: Database;
  seller: Config['seller'];
  pincodes: PincodeDirectory;
  messages: MessageSettings;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  /** Issue 27: the courier aggregator that books parcels (null: none configured, ship by hand). */
  courier: CourierService | null;
  /** Where parcels leave from unless the owner set another pickup pincode. */
  sellerPincode: string;
  /**
   * Issue 28: tracking events of AWBs that are not an order's parcel, offered to the returns (a reverse
   * pickup's AWB): true when one was theirs. The app composes it; fulfilment never reads returns.
   */
  otherParcels?: (event: TrackingEvent) => Promise<boolean>;
}

/** What refunds need: the database, the gateway, message settings and a log. */
export interface RefundContext {
  db: Database;
  gateway: PaymentGateway;
  messages: MessageSettings;
  log: FastifyBaseLogger;
}

/** The context the routes of dispatch, refunds and returns work in: the app's database, config and log. */
export function fulfilmentContextOf(
  app: { db: Database; config: Config; log: FastifyBaseLogger },
  adapters: {
    gateway: PaymentGateway;
    pincodes: PincodeDirectory;
    courier: CourierService | null;
    otherParcels?: FulfilmentContext['otherParcels'];
  },
): FulfilmentContext {
  return {
    ...(adapters.otherParcels ? { otherParcels: adapters.otherParcels } : {}),
    db: app.db,
    seller: app.config.seller,
    pincodes: adapters.pincodes,
    messages: messageSettings(app.config),
    gateway: adapters.gateway,
    log: app.log,
    courier: adapters.courier,
    sellerPincode: app.config.shipping.sellerPincode,
  };
}
