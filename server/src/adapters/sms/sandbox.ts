import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@rr/core';
import { otpText, type OtpPurpose, type SmsSender, type TemplateSms } from './types.ts';

export interface OutboxMessage {
  phone: string;
  /** `otp` for a sign-in code, else the order message's template. */
  kind: string;
  /** The sign-in code; empty for other messages. */
  code: string;
  text: string;
  sentAt: string;
}

const OUTBOX_LIMIT = 200;

/**
 * Offline stand-in for an SMS provider: logs each code and keeps the latest messages in memory,
 * where development and tests read them (GET /api/dev/sms-outbox, never in production).
 */
export class SandboxSms implements SmsSender {
  readonly name = 'sandbox';
  private readonly messages: OutboxMessage[] = [];

  constructor(private readonly log?: FastifyBaseLogger) {}

  async sendOtp(phone: string, code: string, purpose?: OtpPurpose, language?: Language): Promise<void> {
    this.keep({ phone, kind: 'otp', code, text: otpText(code, purpose, language), sentAt: new Date().toISOString() });
    this.log?.info({ phone, code }, 'sandbox SMS: one-time code');
  }

  async sendTemplate(phone: string, message: TemplateSms): Promise<void> {
    this.keep({ phone, kind: message.kind, code: '', text: message.text, sentAt: new Date().toISOString() });
    this.log?.info({ phone, kind: message.kind }, 'sandbox SMS');
  }

  private keep(message: OutboxMessage): void {
    this.messages.unshift(message);
    this.messages.length = Math.min(this.messages.length, OUTBOX_LIMIT);
  }

  /** Newest first. */
  outbox(phone?: string): OutboxMessage[] {
    return phone ? this.messages.filter((m) => m.phone === phone) : [...this.messages];
  }
}
