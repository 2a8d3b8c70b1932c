import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 that a test controls, to take a service away and bring it back without
 * touching the service itself: `stop()` drops every connection and refuses new ones, `start()` listens
 * again on the same port. `cutWhen` drops a connection as soon as the client sends matching bytes.
 */
export class TcpProxy {
  port = 0;
  cutWhen: ((chunk: Buffer) => boolean) | null = null;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  get url(): string {
    return `127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.on('data', (chunk: Buffer) => {
        if (this.cutWhen?.(chunk)) {
          client.destroy();
          upstream.destroy();
        } else upstream.write(chunk);
      });
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
