import { EventEmitter } from 'node:events';
import { createServer, type Socket } from 'node:net';

/**
 * A real SMTP listener on localhost, enough of RFC 5321 for nodemailer to hand over messages. It
 * answers the end of a message's data after `answerDelayMs` (a slow provider), and, like a real server,
 * accepts the message only at that answer: a client that closed its connection before it is not sent.
 */
export interface FakeSmtp {
  port: number;
  /** The messages accepted, in order, as received (headers and body). */
  accepted: string[];
  /** 'data' (message text) once a message's data has arrived, before the answer; 'accepted' after it. */
  events: EventEmitter;
  close(): Promise<void>;
}

export async function startFakeSmtp(options: { answerDelayMs?: number } = {}): Promise<FakeSmtp> {
  const accepted: string[] = [];
  const events = new EventEmitter();
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending = '';
    let data = false;
    let body = '';
    const answer = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    const endOfData = (message: string) => {
      events.emit('data', message);
      setTimeout(() => {
        if (socket.destroyed || !socket.writable) return;
        accepted.push(message);
        answer('250 queued');
        events.emit('accepted', message);
      }, options.answerDelayMs ?? 0);
    };
    answer('220 test ESMTP');
    socket.on('data', (chunk) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\r\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (data) {
          if (line === '.') {
            data = false;
            endOfData(body);
            body = '';
          } else body += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') answer('250 test');
        else if (verb === 'DATA') {
          data = true;
          answer('354 go on');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else if (line) answer('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    accepted,
    events,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The Message-ID header of a message as received. */
export function messageIdOf(message: string): string | undefined {
  return /^Message-ID: (.+)$/im.exec(message)?.[1]?.trim();
}
