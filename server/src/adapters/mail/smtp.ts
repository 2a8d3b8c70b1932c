import type { Transporter } from 'nodemailer';
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
  /** nodemailer is loaded with the first message, not at start (issue 13: start-up time and memory). */
  private transport: Promise<Transporter> | null = null;

  constructor(private readonly options: SmtpOptions) {}

  private connect(): Promise<Transporter> {
    const timeout = this.options.timeoutMs ?? 15_000;
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(this.options.url, {
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      }),
    );
    return this.transport;
  }

  async send(message: MailMessage): Promise<void> {
    await (
      await this.connect()
    ).sendMail({
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
    void this.transport?.then((transport) => transport.close());
  }
}
