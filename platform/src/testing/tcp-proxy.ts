import net from 'node:net';

/**
 * A TCP proxy to put between services and a shared server (Redis, RabbitMQ) so a test can
 * take the server away from them without touching it: `cut()` drops every open connection
 * and stops listening, so new ones are refused as by a server that is down; `restore()`
 * listens again on the same port.
 */
export interface TcpProxy {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's (credentials, path and query kept) */
  url(url: string): string;
  cut(): void;
  restore(): Promise<void>;
  /** connections open through the proxy now */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetHost = target.hostname;
  const targetPort = Number(target.port);
  if (!targetPort) throw new Error(`the target URL needs a port: ${targetUrl}`);
  const pairs = new Set<[net.Socket, net.Socket]>();

  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    for (const socket of pair) {
      socket.setNoDelay(true);
      socket.on('error', () => undefined);
      // one side gone: the other goes too, as a server's death closes its clients' connections
      socket.on('close', () => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  const dropAll = () => {
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port,
    url(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString().replace(/\/$/, '');
    },
    cut() {
      if (server.listening) server.close();
      dropAll();
    },
    async restore() {
      if (!server.listening) await listen(port);
    },
    get connections() {
      return pairs.size;
    },
    async close() {
      dropAll();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
