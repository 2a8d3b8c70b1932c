/**
 * The bench's yardstick: a bare node:http server that answers every request with the bytes and headers
 * of one recorded answer (a JSON file: status, headers, body in base64; then a port, or none for a free one), doing nothing else. Run as a
 * child process so it gets a core of its own like the real server; prints its port once listening.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const recorded = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  status: number;
  headers: Record<string, string>;
  body: string;
};
const body = Buffer.from(recorded.body, 'base64');
const headers = { ...recorded.headers, 'content-length': String(body.length) };

const server = createServer((_request, response) => {
  response.writeHead(recorded.status, headers);
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.argv[3] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
