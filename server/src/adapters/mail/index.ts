import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { SandboxMailSender } from './sandbox.ts';
import { SmtpMailSender } from './smtp.ts';
import type { MailSender } from './types.ts';

export { SandboxMailSender, type SandboxMail } from './sandbox.ts';
export { SmtpMailSender } from './smtp.ts';
export type { MailMessage, MailSender } from './types.ts';

export function createMailSender(config: Config['mail'], log?: FastifyBaseLogger): MailSender {
  return config.provider === 'smtp'
    ? new SmtpMailSender({ url: config.smtpUrl, from: config.from })
    : new SandboxMailSender(log);
}
