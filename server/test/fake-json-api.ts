import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

export type Answer = (body: Record<string, unknown>) => { status: number; body: unknown };

/** A local stand-in for a provider's JSON API (Razorpay, MSG91): records requests, answers as told. */
export interface FakeJsonApi {
  baseUrl: string;
  received: ReceivedRequest[];
  /** How the next requests are answered; tests change it. */
  answer: Answer;
  close(): Promise<void>;
}

export async function startFakeJsonApi(answer: Answer): Promise<FakeJsonApi> {
  const api: Omit<FakeJsonApi, 'baseUrl' | 'close'> = { received: [], answer };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      api.received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const reply = api.answer(body);
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(api, {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
