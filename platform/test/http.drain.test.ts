import http from 'node:http';
import express from 'express';
import { listen } from '../src';

/** A keep-alive client, as the gateway's proxy agent is. */
function get(url: string, agent: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('HTTP server stop', () => {
  const app = express();
  /** told when /slow has a request in hand */
  let arrived: () => void = () => undefined;
  app.get('/slow', (_req, res) => {
    arrived();
    setTimeout(() => res.json({ done: true }), 300);
  });

  /** Stops a server listening with `drainMs` while a keep-alive client waits for /slow; resolves when stopped, with the client's outcome. */
  async function stopDuringRequest(drainMs: number): Promise<PromiseSettledResult<{ status: number; body: string }>> {
    const server = await listen(app, 0, '127.0.0.1', { drainMs });
    const agent = new http.Agent({ keepAlive: true });
    try {
      const inHand = new Promise<void>((resolve) => (arrived = resolve));
      const answer = get(`${server.url}/slow`, agent);
      // the stop begins once the server has the request (a fixed wait lost the race on a busy machine)
      await inHand;
      await server.close();
      return (await Promise.allSettled([answer]))[0];
    } finally {
      agent.destroy();
    }
  }

  test('when the server stops while a request is under way, then the request is answered and the stop completes as soon as it is', async () => {
    // a drain far longer than the test: the stop must not wait for it, nor for keepAliveTimeout
    expect(await stopDuringRequest(120_000)).toEqual({ status: 'fulfilled', value: { status: 200, body: '{"done":true}' } });
  });

  test('when a request outlasts the drain, then its connection is cut and the stop completes', async () => {
    expect(await stopDuringRequest(50)).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ message: 'socket hang up' }) });
  });
});
