/**
 * The keep-alive client of the payment gateway (docs/decisions/083): a kept connection the gateway
 * closes just as a call is handed to it is not a gateway that cannot be reached.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendOverHttp } from './gateway-client';

describe('the gateway client over node:http', () => {
  let server: http.Server;
  let url: string;
  let connections = 0;

  beforeAll(async () => {
    // Each connection answers its first call and drops the next one unanswered, as a server does when
    // its keep-alive timeout ends just as a kept connection is used again.
    server = http.createServer((request, response) => {
      const socket = request.socket as typeof request.socket & { calls?: number };
      socket.calls = (socket.calls ?? 0) + 1;
      if (socket.calls > 1) {
        socket.destroy();
        return;
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ call: socket.calls }));
    });
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway/ping`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends a call again on a new connection when the kept one was closed under it', async () => {
    const call = { method: 'GET', headers: { accept: 'application/json' }, timeoutMs: 5_000 };
    const first = await sendOverHttp(url, call);
    expect(await first.json()).toEqual({ call: 1 });
    // The kept connection drops this call: it is answered on a new one.
    const second = await sendOverHttp(url, call);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ call: 1 });
    expect(connections).toBe(2);
  });

  it('a gateway that is not there is still a failure', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      sendOverHttp(`http://127.0.0.1:${port}/gateway/ping`, { method: 'GET', headers: {}, timeoutMs: 2_000 }),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
