import { acceptsConnections } from '../src/testing';
import http from 'node:http';
import net from 'node:net';
import express from 'express';
import { listen } from '../src';

/** A keep-alive client, as the gateway's proxy agent is; `onData` sees each piece as it comes. */
function get(url: string, agent: http.Agent, onData?: (chunk: string) => void): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
          onData?.(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
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
      // the stop begins once the server has the request (a fixed wait can lose the race on a busy machine)
      await inHand;
      await server.close();
      return (await Promise.allSettled([answer]))[0];
    } finally {
      agent.destroy();
    }
  }

  test('when the server stops while a request is under way, then the request is answered and the stop completes as soon as it is', async () => {
    // a drain far longer than the test: the stop must not wait for it, nor for keepAliveTimeout
    // and it says Connection: close, so the client sends nothing more on that connection
    expect(await stopDuringRequest(120_000)).toEqual({ status: 'fulfilled', value: { status: 200, body: '{"done":true}', connection: 'close' } });
  });

  test('when a request outlasts the drain, then its connection is cut and the stop completes', async () => {
    expect(await stopDuringRequest(50)).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ message: 'socket hang up' }) });
  });

  test('when the server stops while a stream is under way, then new connections are refused and the stream goes on to its end before the stop completes', async () => {
    const streams = express();
    /** the stream's first event is out; its end waits for finish() */
    let opened: () => void = () => undefined;
    let finish: () => void = () => undefined;
    streams.get('/stream', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('event: body\ndata: first\n\n');
      finish = () => res.end('event: done\ndata: last\n\n');
    });
    const server = await listen(streams, 0, '127.0.0.1', { drainMs: 120_000 });
    const agent = new http.Agent({ keepAlive: true });
    try {
      const firstEvent = new Promise<void>((resolve) => (opened = resolve));
      const answer = get(`${server.url}/stream`, agent, () => opened());
      await firstEvent;

      let stopped = false;
      const stop = server.close().then(() => (stopped = true));
      expect(await acceptsConnections(server.port)).toBe(false);
      expect(stopped).toBe(false);
      finish();

      // its headers went out before the stop: the connection is closed once the stream ends instead
      expect(await answer).toMatchObject({ status: 200, body: 'event: body\ndata: first\n\nevent: done\ndata: last\n\n' });
      await stop;
      expect(stopped).toBe(true);
    } finally {
      agent.destroy();
    }
  });

  test('when a client holds a connection it has sent nothing on (a spare one), then the stop closes it at once instead of waiting out the drain', async () => {
    const server = await listen(app, 0, '127.0.0.1', { drainMs: 120_000 });
    const accepted = new Promise<void>((resolve) => server.server.once('connection', () => resolve()));
    const spare = net.connect(server.port, '127.0.0.1');
    await accepted;
    const closed = new Promise<void>((resolve) => spare.once('close', () => resolve()));

    await server.close();
    await closed;
    expect(spare.destroyed).toBe(true);
  });
});
