import type { FastifyBaseLogger } from 'fastify';
import type { MailSender } from '../../adapters/mail/index.ts';
import { SmsDeliveryError, type SmsSender } from '../../adapters/sms/index.ts';
import type { Database } from '../../db/client.ts';
import { claimDueMessages, markFailed, markSent, type OutboxMessage } from './outbox.ts';

export interface OutboxWorkerOptions {
  db: Database;
  sms: SmsSender;
  mail: MailSender;
  log: FastifyBaseLogger;
  pollMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  /** Messages claimed per round. */
  batch?: number;
  /** How long a claim lasts; longer than any provider call (their timeouts are 10-15 s). */
  leaseMs?: number;
}

export interface OutboxWorker {
  /** Sends what is due now, round after round, until nothing is; resolves to how many it handled. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/** Warns at most once in this many milliseconds while the database is away. */
const OUTAGE_LOG_INTERVAL_MS = 30_000;

/**
 * The order-message sender: polls the outbox, claims due messages (one worker each, across instances)
 * and hands them to the SMS or e-mail provider. A failure is retried with backoff; a crash or an outage
 * delays messages, never loses them.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, sms, mail, log } = options;
  const batch = options.batch ?? 20;
  const leaseMs = options.leaseMs ?? 120_000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> = Promise.resolve(0);
  let lastOutageWarning = 0;

  async function deliver(message: OutboxMessage): Promise<void> {
    if (message.channel === 'sms') {
      await sms.sendTemplate(message.recipient, {
        kind: message.kind,
        text: message.text,
        variables: message.variables,
      });
    } else {
      await mail.send({
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.id}@rudraksha-ratna.outbox>`,
      });
    }
  }

  async function round(): Promise<number> {
    const messages = await claimDueMessages(db, batch, leaseMs);
    for (const message of messages) {
      try {
        await deliver(message);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        const permanent = err instanceof SmsDeliveryError && err.permanent;
        const outcome = await markFailed(db, message, reason, {
          baseMs: options.retryBaseMs,
          maxAttempts: permanent ? message.attempts : options.maxAttempts,
        });
        const entry = {
          id: message.id,
          kind: message.kind,
          channel: message.channel,
          attempt: message.attempts,
          reason,
        };
        if (outcome === 'failed') log.error(entry, 'order message given up');
        else log.warn(entry, 'order message not sent; will retry');
        continue;
      }
      await markSent(db, message);
    }
    return messages.length;
  }

  async function rounds(): Promise<number> {
    let handled = 0;
    for (;;) {
      const count = await round();
      handled += count;
      if (count < batch || stopped) return handled;
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      running = rounds().catch((err: unknown) => {
        if (Date.now() - lastOutageWarning > OUTAGE_LOG_INTERVAL_MS) {
          lastOutageWarning = Date.now();
          log.warn({ err }, 'order messages: cannot reach the outbox; will keep trying');
        }
        return 0;
      });
      void running.finally(schedule);
    }, options.pollMs);
    timer.unref();
  }
  schedule();

  return {
    async drain() {
      await running;
      running = rounds();
      return running;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => 0);
    },
  };
}
