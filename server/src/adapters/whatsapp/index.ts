import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { CloudWhatsapp } from './cloud-api.ts';
import { SandboxWhatsapp } from './sandbox.ts';
import { WhatsappDeliveryError, type WhatsappSender } from './types.ts';

export { CloudWhatsapp, templateComponents } from './cloud-api.ts';
export { SandboxWhatsapp, type WhatsappOutboxMessage } from './sandbox.ts';
export { WhatsappDeliveryError, type WhatsappSender, type WhatsappTemplate } from './types.ts';
export {
  buttonPresses,
  indianMobile,
  signatureMatches,
  verifyTokenMatches,
  whatsappSignature,
  type ButtonPress,
} from './webhook.ts';

/** Production without the Cloud API: every WhatsApp message fails at once, saying why (nothing is lost). */
class NoWhatsapp implements WhatsappSender {
  readonly name = 'none' as const;
  send(): Promise<void> {
    return Promise.reject(
      new WhatsappDeliveryError('WhatsApp is not configured (WHATSAPP_TOKEN and friends are not set)', true),
    );
  }
}

export function createWhatsappSender(config: Config['whatsapp'], log?: FastifyBaseLogger): WhatsappSender {
  if (config.provider === 'cloud') return new CloudWhatsapp(config);
  return config.provider === 'none' ? new NoWhatsapp() : new SandboxWhatsapp(log);
}
