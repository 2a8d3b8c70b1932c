/** One e-mail; `messageId` is stable for a message however often it is retried. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  messageId: string;
}

/** Sends e-mail. A rejected promise means "not sent, try again later". */
export interface MailSender {
  readonly name: 'sandbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
