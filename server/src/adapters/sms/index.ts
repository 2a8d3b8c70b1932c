import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { Msg91Sms } from './msg91.ts';
import { SandboxSms } from './sandbox.ts';
import type { SmsSender } from './types.ts';

export { SandboxSms } from './sandbox.ts';
export { Msg91Sms } from './msg91.ts';
export { SmsDeliveryError, type SmsSender, type TemplateSms } from './types.ts';

export function createSmsSender(config: Config['sms'], log?: FastifyBaseLogger): SmsSender {
  return config.provider === 'msg91' ? new Msg91Sms(config) : new SandboxSms(log);
}
