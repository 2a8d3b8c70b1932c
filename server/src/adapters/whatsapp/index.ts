import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { CloudWhatsapp } from './cloud-api.ts';
import { SandboxWhatsapp } from './sandbox.ts';
import type { WhatsappSender } from './types.ts';

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

export function createWhatsappSender(config: Config['whatsapp'], log?: FastifyBaseLogger): WhatsappSender {
  return config.provider === 'cloud' ? new CloudWhatsapp(config) : new SandboxWhatsapp(log);
}
