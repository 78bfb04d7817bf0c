import net from 'node:net';

/**
 * A TCP proxy for outage tests: the API's pool connects to it instead of to
 * PostgreSQL, so a test can make the database unreachable and bring it back
 * without stopping the (shared) server. `cut()` destroys every open socket
 * pair and drops new connections as soon as they arrive, as a dead network
 * or a stopped server would; `restore()` pipes again.
 */
export interface TcpProxy {
  host: string;
  port: number;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let open = true;

  const server = net.createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    const pair = [client, upstream];
    const drop = () => {
      for (const socket of pair) {
        socket.destroy();
        sockets.delete(socket);
      }
    };
    for (const socket of pair) {
      sockets.add(socket);
      socket.on('error', drop);
      socket.on('close', drop);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });

  const cut = () => {
    open = false;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    host: '127.0.0.1',
    port: (server.address() as net.AddressInfo).port,
    cut,
    restore() {
      open = true;
    },
    close() {
      cut();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
