import { connect } from 'node:net';
import type { createTransport } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { MailMessage, MailSender } from './types.ts';

export interface SmtpOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465 */
  url: string;
  /** The From header: "Rudraksha Ratna <orders@example.in>". */
  from: string;
  /** Connecting, the greeting, and any wait for the server's next answer; 15 s unless given. */
  timeoutMs?: number;
}

type Nodemailer = {
  createTransport: typeof createTransport;
  SMTPTransport: typeof SMTPTransport;
};

/** E-mail through any SMTP server (the shop's provider: SES, Zoho, Gmail Workspace, a relay). */
export class SmtpMailSender implements MailSender {
  readonly name = 'smtp';
  /** nodemailer is loaded with the first message, not at start (issue 13: start-up time and memory). */
  private nodemailer: Promise<Nodemailer> | null = null;

  constructor(private readonly options: SmtpOptions) {}

  private load(): Promise<Nodemailer> {
    this.nodemailer ??= Promise.all([import('nodemailer'), import('nodemailer/lib/smtp-transport/index.js')]).then(
      ([{ default: nodemailer }, { default: transport }]) => ({
        createTransport: nodemailer.createTransport,
        SMTPTransport: transport,
      }),
    );
    return this.nodemailer;
  }

  /**
   * Each message on a connection of its own, opened here, so that an aborted send is cut off at once:
   * a server drops a message whose connection closes before it answered the end of the data.
   */
  async send(message: MailMessage, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    const nodemailer = await this.load();
    signal?.throwIfAborted();
    const timeout = this.options.timeoutMs ?? 15_000;
    const transport = nodemailer.createTransport(
      new nodemailer.SMTPTransport({
        url: this.options.url,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
        getSocket: (options, callback) => openSocket(options, timeout, signal, callback),
      }),
    );
    await transport.sendMail({
      from: this.options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      // The same Message-ID on every retry lets receiving servers drop a copy sent twice.
      messageId: message.messageId,
    });
  }
}

/**
 * The TCP connection nodemailer talks over (it adds TLS itself for smtps:// and STARTTLS), destroyed
 * when `signal` aborts.
 */
function openSocket(
  options: SMTPTransport.Options,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  callback: (err: Error | null, socketOptions: object | false) => void,
): void {
  if (signal?.aborted) return callback(stopReason(signal), false);
  const socket = connect({
    host: options.host ?? 'localhost',
    port: Number(options.port) || (options.secure ? 465 : 587),
  });
  const cut = () => socket.destroy(stopReason(signal!));
  signal?.addEventListener('abort', cut, { once: true });
  socket.once('close', () => signal?.removeEventListener('abort', cut));
  const timer = setTimeout(
    () => socket.destroy(new Error(`SMTP connection timed out after ${timeoutMs} ms`)),
    timeoutMs,
  );
  const failed = (err: Error) => {
    clearTimeout(timer);
    callback(err, false);
  };
  socket.once('error', failed);
  socket.once('connect', () => {
    clearTimeout(timer);
    socket.removeListener('error', failed);
    callback(null, { connection: socket });
  });
}

const stopReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('the send was stopped');
