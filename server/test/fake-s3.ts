import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeObject {
  bytes: Buffer;
  contentType: string | undefined;
  /** The x-amz-meta-* headers it was stored with, by name without the prefix. */
  metadata: Record<string, string>;
}

export interface FakeS3Request {
  method: string;
  /** The path as asked: /bucket/key. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A local stand-in for an S3-compatible service, path-style (/bucket/key): PutObject, GetObject and
 * HeadObject, with S3's 404 and error bodies. It records every request; `failing` makes it answer 503,
 * as a service that is away.
 */
export interface FakeS3 {
  baseUrl: string;
  objects: Map<string, FakeObject>;
  requests: FakeS3Request[];
  failing: boolean;
  close(): Promise<void>;
}

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startFakeS3(): Promise<FakeS3> {
  const state = { objects: new Map<string, FakeObject>(), requests: [] as FakeS3Request[], failing: false };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = decodeURIComponent(new URL(req.url!, 'http://fake').pathname);
      const body = Buffer.concat(chunks);
      state.requests.push({ method: req.method!, path, headers: req.headers, body });
      if (state.failing) {
        res.writeHead(503, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : errorXml('ServiceUnavailable', 'Please reduce your request rate.'));
        return;
      }
      if (req.method === 'PUT') {
        const metadata = Object.fromEntries(
          Object.entries(req.headers)
            .filter(([name]) => name.startsWith('x-amz-meta-'))
            .map(([name, value]) => [name.slice('x-amz-meta-'.length), String(value)]),
        );
        state.objects.set(path, { bytes: body, contentType: req.headers['content-type'], metadata });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        res.end();
        return;
      }
      const object = state.objects.get(path);
      if (!object) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        res.end(req.method === 'HEAD' ? undefined : errorXml('NoSuchKey', 'The specified key does not exist.'));
        return;
      }
      res.writeHead(200, {
        'content-type': object.contentType ?? 'binary/octet-stream',
        'content-length': object.bytes.length,
        etag: `"${createHash('md5').update(object.bytes).digest('hex')}"`,
        ...Object.fromEntries(Object.entries(object.metadata).map(([name, value]) => [`x-amz-meta-${name}`, value])),
      });
      res.end(req.method === 'HEAD' ? undefined : object.bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
