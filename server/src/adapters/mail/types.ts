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
  /**
   * Once `signal` aborts, the send is cut off and rejects: a message the server had not yet accepted
   * is not delivered.
   */
  send(message: MailMessage, signal?: AbortSignal): Promise<void>;
}
