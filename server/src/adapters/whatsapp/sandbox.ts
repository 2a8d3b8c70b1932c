import type { FastifyBaseLogger } from 'fastify';
import type { WhatsappSender, WhatsappTemplate } from './types.ts';

export interface WhatsappOutboxMessage {
  /** The 10-digit mobile it went to. */
  phone: string;
  kind: string;
  template: string;
  variables: string[];
  /** The quick-reply button's payload (COD confirmation), else null. */
  buttonPayload: string | null;
  text: string;
  sentAt: string;
}

const OUTBOX_LIMIT = 200;

/**
 * Offline stand-in for the WhatsApp Cloud API: keeps the latest messages in memory, where development
 * and tests read them (GET /api/dev/whatsapp-outbox, never in production).
 */
export class SandboxWhatsapp implements WhatsappSender {
  readonly name = 'sandbox';
  private readonly messages: WhatsappOutboxMessage[] = [];

  constructor(private readonly log?: FastifyBaseLogger) {}

  async send(phone: string, message: WhatsappTemplate): Promise<void> {
    this.messages.unshift({
      phone,
      kind: message.kind,
      template: message.name,
      variables: [...message.body],
      buttonPayload: message.buttonPayload ?? null,
      text: message.text,
      sentAt: new Date().toISOString(),
    });
    this.messages.length = Math.min(this.messages.length, OUTBOX_LIMIT);
    this.log?.info({ phone, kind: message.kind, template: message.name }, 'sandbox WhatsApp');
  }

  /** Newest first. */
  outbox(phone?: string): WhatsappOutboxMessage[] {
    return phone ? this.messages.filter((m) => m.phone === phone) : [...this.messages];
  }
}
