import type { FastifyBaseLogger } from 'fastify';
import type { CourierService } from '../../adapters/courier/index.ts';
import type { PaymentGateway } from '../../adapters/payments/index.ts';
import type { PincodeDirectory } from '../../adapters/pincode/offline-directory.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { MessageSettings } from '../messages/index.ts';

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
}

/** What refunds need: the database, the gateway, message settings and a log. */
export interface RefundContext {
  db: Database;
  gateway: PaymentGateway;
  messages: MessageSettings;
  log: FastifyBaseLogger;
}
