/**
 * The sandbox's handler on a node:http server: each request read whole into a fetch Request, the
 * Response written back. Used by ./server.ts and by the tests and the bench that serve the sandbox
 * on loopback. A port already in use is a clear error naming it, never a stack trace.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The port is taken (another sandbox, or anything else listening there). */
export class SandboxPortInUse extends Error {
  constructor(host: string, port: number) {
    super(`The payment sandbox cannot listen on ${host}:${port}: the port is in use (set SANDBOX_PORT to another).`);
    this.name = 'SandboxPortInUse';
  }
}

export interface Listening {
  /** http://host:port, as bound (the port chosen when 0 was asked for). */
  origin: string;
  close(): Promise<void>;
}

async function toRequest(req: http.IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method: req.method,
    headers,
    body: hasBody && chunks.length > 0 ? Buffer.concat(chunks) : undefined,
  });
}

/** Serves `handle` on host:port (0: any free port); rejects with SandboxPortInUse when the port is taken. */
export async function listen(
  handle: (request: Request) => Promise<Response>,
  host: string,
  port: number,
): Promise<Listening> {
  const server = http.createServer(async (req, res) => {
    try {
      const response = await handle(await toRequest(req));
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(req.method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()));
    } catch {
      // The handler answers its own failures; this is a request that could not be read.
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new SandboxPortInUse(host, port) : error),
    );
    server.listen(port, host, () => resolve());
  });
  const bound = server.address() as AddressInfo;
  const name = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  return {
    origin: `http://${name}:${bound.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
