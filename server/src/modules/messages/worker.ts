import type { FastifyBaseLogger } from 'fastify';
import type { MailSender } from '../../adapters/mail/index.ts';
import { SmsDeliveryError, type SmsSender } from '../../adapters/sms/index.ts';
import { WhatsappDeliveryError, type WhatsappSender } from '../../adapters/whatsapp/index.ts';
import type { Database } from '../../db/client.ts';
import { claimDueMessage, markFailed, markSent, renewLease, type OutboxMessage } from './outbox.ts';
import { whatsappTemplateOf } from './whatsapp-templates.ts';

export interface OutboxWorkerOptions {
  db: Database;
  sms: SmsSender;
  mail: MailSender;
  /** Issue 27: the WhatsApp sender (none: WhatsApp messages wait in the outbox). */
  whatsapp?: WhatsappSender;
  log: FastifyBaseLogger;
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  /**
   * How long a claim lasts unless renewed: while a send runs its claim is renewed every third of this,
   * so only a worker that died (or lost the database) for that long lets another take its message.
   */
  leaseMs: number;
}

export interface OutboxWorker {
  /** Sends what is due now, round after round, until nothing is; resolves to how many it handled. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/** Warns at most once in this many milliseconds while the database is away. */
const OUTAGE_LOG_INTERVAL_MS = 30_000;
/**
 * How long stopping waits for a send under way before cutting it off: a slow provider must not hold a
 * shutdown past a supervisor's kill (10 s). A send cut off before the provider's answer is dropped by
 * the provider and retried later by whichever instance claims it.
 */
const STOP_SEND_GRACE_MS = 3_000;

/** Hands one message to its channel's provider. */
async function deliver(
  { sms, mail, whatsapp }: Pick<OutboxWorkerOptions, 'sms' | 'mail' | 'whatsapp'>,
  message: OutboxMessage,
  signal: AbortSignal,
): Promise<void> {
  if (message.channel === 'whatsapp') {
    const template = whatsappTemplateOf(message);
    if (!template) throw new WhatsappDeliveryError(`no WhatsApp template is named ${message.template}`, true);
    if (!whatsapp) throw new WhatsappDeliveryError('no WhatsApp sender is configured');
    await whatsapp.send(message.recipient, template, signal);
  } else if (message.channel === 'sms') {
    await sms.sendTemplate(
      message.recipient,
      { kind: message.kind, text: message.text, variables: message.variables, language: message.language },
      signal,
    );
  } else {
    await mail.send(
      {
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.id}@rudraksha-ratna.outbox>`,
      },
      signal,
    );
  }
}

/** A failure trying again cannot help (no template for it, a request the provider refused). */
const isPermanent = (failure: unknown) =>
  (failure instanceof SmsDeliveryError || failure instanceof WhatsappDeliveryError) && failure.permanent;

/**
 * The order-message sender: polls the outbox, claims due messages one at a time (one worker each,
 * across instances) and hands each to the SMS, e-mail or WhatsApp provider while holding its claim. A failure is
 * retried with backoff; a crash or an outage delays messages, never loses them.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, log, leaseMs } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> = Promise.resolve(0);
  let lastOutageWarning = 0;
  const stopping = new AbortController();

  /**
   * Keeps the claim on `message` (taken at `claimedAt`, by this process's clock) while its send runs:
   * renews it every third of the lease, and aborts the send the moment the claim is known to be taken
   * over, or could be (no renewal got through before the lease, less a margin, ran out). A send that is
   * cut off before the provider's answer is dropped by the provider, so another worker's send of the
   * message is the only one.
   */
  function holdLease(message: OutboxMessage, claimedAt: number) {
    const controller = new AbortController();
    const beatMs = leaseMs / 3;
    const lose = (reason: string) => controller.abort(new Error(`the send was stopped: ${reason}`));
    const expireAt = (renewedAt: number) =>
      setTimeout(() => lose('its lease could not be renewed in time'), renewedAt + leaseMs - beatMs / 2 - Date.now());
    let expiry = expireAt(claimedAt);
    let renewing: Promise<void> | null = null;
    const heartbeat = setInterval(() => {
      if (renewing || controller.signal.aborted) return;
      const startedAt = Date.now();
      renewing = renewLease(db, message, leaseMs)
        .then(
          (held) => {
            if (!held) return lose('another worker holds its claim now');
            clearTimeout(expiry);
            expiry = expireAt(startedAt);
          },
          // The database did not answer: the expiry decides.
          () => undefined,
        )
        .finally(() => {
          renewing = null;
        });
    }, beatMs);
    return {
      signal: controller.signal,
      async release() {
        clearInterval(heartbeat);
        // A renewal under way sets the next expiry when it ends.
        await renewing;
        clearTimeout(expiry);
      },
    };
  }

  /** Writes how the send went, as long as this worker still holds the claim. */
  async function record(message: OutboxMessage, failure: unknown): Promise<void> {
    const entry = { id: message.id, kind: message.kind, channel: message.channel, attempt: message.attempts };
    if (failure === null) {
      if (!(await markSent(db, message)))
        log.error(entry, 'order message sent after another worker took over its claim: it may arrive twice');
      return;
    }
    const reason = failure instanceof Error ? failure.message : String(failure);
    const permanent = isPermanent(failure);
    const outcome = await markFailed(db, message, reason, {
      baseMs: options.retryBaseMs,
      maxAttempts: permanent ? message.attempts : options.maxAttempts,
    });
    if (outcome === null) log.warn({ ...entry, reason }, 'order message left to the worker that took over its claim');
    else if (outcome === 'failed') log.error({ ...entry, reason }, 'order message given up');
    else log.warn({ ...entry, reason }, 'order message not sent; will retry');
  }

  async function handle(message: OutboxMessage, claimedAt: number): Promise<void> {
    // Held until the outcome is written: a sent message whose claim ran out before it was marked
    // would be claimed and sent again.
    const lease = holdLease(message, claimedAt);
    try {
      let failure: unknown = null;
      try {
        await deliver(options, message, AbortSignal.any([lease.signal, stopping.signal]));
      } catch (err) {
        failure = err;
      }
      await record(message, failure);
    } finally {
      await lease.release();
    }
  }

  /** Claims and sends one message; false when none is due. */
  async function round(): Promise<boolean> {
    const claimedAt = Date.now();
    const message = await claimDueMessage(db, leaseMs);
    if (!message) return false;
    await handle(message, claimedAt);
    return true;
  }

  async function rounds(): Promise<number> {
    let handled = 0;
    while (!stopped && (await round())) handled += 1;
    return handled;
  }

  /** Rounds after those under way: a drain must not find nothing due while the poll's send still runs. */
  const next = (): Promise<number> => (running = running.catch(() => 0).then(rounds));

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      void next()
        .catch((err: unknown) => {
          if (Date.now() - lastOutageWarning > OUTAGE_LOG_INTERVAL_MS) {
            lastOutageWarning = Date.now();
            log.warn({ err }, 'order messages: cannot reach the outbox; will keep trying');
          }
          return 0;
        })
        .finally(schedule);
    }, options.pollMs);
    timer.unref();
  }
  schedule();

  return {
    drain: next,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const cut = setTimeout(() => stopping.abort(new Error('the shop is shutting down')), STOP_SEND_GRACE_MS);
      await running.catch(() => 0);
      clearTimeout(cut);
    },
  };
}
