/** Real HTTP and TCP servers on 127.0.0.1 (random ports) for fetch and cache tests. */

import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import {
  type AddressInfo,
  connect,
  createServer as createTcpServer,
  type Server,
  type Socket,
} from 'node:net';

/** A running test server. */
export interface TestServer {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** Request paths in arrival order. */
  readonly requests: string[];
  /** User-Agent headers in arrival order. */
  readonly userAgents: (string | undefined)[];
  close(): Promise<void>;
}

/** Listens on a loopback port (random by default); resolves to the port. */
async function listenOnLoopback(server: Server, host = '127.0.0.1', port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return (server.address() as AddressInfo).port;
}

/** Starts an HTTP server on a random loopback port; `handler` answers every request. */
export async function startHttpServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  /** Another loopback address (127.0.0.2, ::1) or a fixed port. */
  at: { readonly host?: string; readonly port?: number } = {},
): Promise<TestServer> {
  const requests: string[] = [];
  const userAgents: (string | undefined)[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    userAgents.push(request.headers['user-agent']);
    // A stalled or endless response must not outlive its test.
    response.on('error', () => {});
    handler(request, response);
  });
  const host = at.host ?? '127.0.0.1';
  const port = await listenOnLoopback(server, host, at.port);
  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    requests,
    userAgents,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Starts a raw TCP server on a random loopback port; `onSocket` gets every connection. */
export async function startTcpServer(onSocket: (socket: Socket) => void): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    requests.push('connection');
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    onSocket(socket);
  });
  const port = await listenOnLoopback(server);
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    userAgents: [],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port with nothing listening (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createTcpServer();
  const port = await listenOnLoopback(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A forward HTTP proxy on a random loopback port: it tunnels CONNECT (undici's ProxyAgent tunnels
 * by default) and relays absolute-URI requests. `seen` logs what it was asked, in order
 * (`CONNECT host:port`, or the absolute URI); `origin` is the proxy's URL.
 */
export async function startProxy(): Promise<TestServer & { readonly seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(request.url ?? '');
    const upstream = httpRequest(
      request.url ?? '',
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${request.url}`);
    const [host, port] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const port = await listenOnLoopback(server);
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: seen,
    userAgents: [],
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
