import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailSender } from './types.ts';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  url: string;
  /** The From header: "Rudraksha Ratna <orders@example.in>". */
  from: string;
  timeoutMs?: number;
}

/** E-mail through any SMTP server (the shop's provider: SES, Zoho, Gmail Workspace, a relay). */
export class SmtpMailSender implements MailSender {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpOptions) {
    const timeout = options.timeoutMs ?? 15_000;
    this.transport = nodemailer.createTransport(options.url, {
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      // The same Message-ID on every retry lets receiving servers drop a copy sent twice.
      messageId: message.messageId,
    });
  }

  close(): void {
    this.transport.close();
  }
}
