import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP proxy to a PostgreSQL server that a test can cut, as a network fault or a server restart
 * does: every connection through it is dropped and new ones are refused until it is restored.
 */
export class CuttableProxy {
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  private port = 0;

  private constructor(private readonly target: URL) {}

  /** A proxy to the server of `connectionString`, listening on a free local port. */
  static async start(connectionString: string): Promise<CuttableProxy> {
    const proxy = new CuttableProxy(new URL(connectionString));
    await proxy.listen();
    return proxy;
  }

  /** `connectionString` with the proxy in place of the server. */
  through(connectionString: string): string {
    const url = new URL(connectionString);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  }

  /** Listens again on the same port. */
  async restore(): Promise<void> {
    await this.listen();
  }

  close(): Promise<void> {
    return this.cut();
  }

  private async listen(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(Number(this.target.port || 5432), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }
}
