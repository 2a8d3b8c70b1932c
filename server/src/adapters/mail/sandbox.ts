import type { FastifyBaseLogger } from 'fastify';
import type { MailMessage, MailSender } from './types.ts';

export interface SandboxMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  sentAt: string;
}

const OUTBOX_LIMIT = 200;

/**
 * Offline stand-in for an SMTP server: keeps the latest e-mails in memory, where development and tests
 * read them (GET /api/dev/mail-outbox, never in production).
 */
export class SandboxMailSender implements MailSender {
  readonly name = 'sandbox';
  private readonly messages: SandboxMail[] = [];

  constructor(private readonly log?: FastifyBaseLogger) {}

  async send(message: MailMessage): Promise<void> {
    const { to, subject, text, html } = message;
    this.messages.unshift({ to, subject, text, html, sentAt: new Date().toISOString() });
    this.messages.length = Math.min(this.messages.length, OUTBOX_LIMIT);
    this.log?.info({ to, subject }, 'sandbox e-mail');
  }

  /** Newest first; addresses compare without regard to case. */
  outbox(to?: string): SandboxMail[] {
    const wanted = to?.toLowerCase();
    return wanted ? this.messages.filter((m) => m.to.toLowerCase() === wanted) : [...this.messages];
  }
}
