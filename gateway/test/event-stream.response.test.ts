import http from 'node:http';
import { encodeStreamEvent, EVENT_STREAM_TYPE } from '@postwright/contracts';
import { listen, type HttpServer } from '@postwright/platform';
import { deleteRedisKeys, eventually, issueTestToken, readEventStream, testEnv, testNamespace } from '@postwright/platform/src/testing';
import type { RunningGateway } from '../src/server';
import { startGatewayBefore } from './support/gateway';

/**
 * A streamed generation goes through the gateway as it is written: each event
 * reaches the client while the service is still writing (no buffering, no compression), and a
 * client that hangs up closes the service's request, so the service can stop the model.
 */
describe('gateway: event streams pass through as they are written', () => {
  const ns = testNamespace();
  let upstream: HttpServer;
  let gateway: RunningGateway;
  /** the upstream holds the rest of its answer until the test lets it go */
  let letGo: () => void = () => undefined;
  let upstreamClosedEarly = 0;
  const token = issueTestToken({ sub: 'b'.repeat(24) });

  beforeAll(async () => {
    upstream = await listen((req: http.IncomingMessage, res: http.ServerResponse) => {
      res.on('close', () => {
        if (!res.writableFinished) upstreamClosedEarly += 1;
      });
      res.writeHead(200, { 'content-type': `${EVENT_STREAM_TYPE}; charset=utf-8`, 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' });
      res.write(': keep-alive\n\n');
      res.write(encodeStreamEvent({ event: 'body', data: { delta: 'Written first. ' } }));
      letGo = () => res.end(encodeStreamEvent({ event: 'hook', data: { index: 0, text: 'Written last.' } }));
    }, 0);
    gateway = await startGatewayBefore(ns, upstream.url);
  });
  afterAll(async () => {
    await gateway?.stop();
    upstream?.server.closeAllConnections();
    await upstream?.close();
    await deleteRedisKeys(testEnv(ns).REDIS_URL!, ns);
  });

  test('when the service writes the first event and holds the rest, then the client has that event before the service ends, uncompressed', async () => {
    const answer = await readEventStream(gateway.url, '/api/content/generate', {
      token,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      // the service only finishes once the client has seen its first event: a buffering proxy would hang here
      onEvent: (event) => {
        if (event.event === 'body') letGo();
      },
    });

    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe(`${EVENT_STREAM_TYPE}; charset=utf-8`);
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(answer.headers.get('x-accel-buffering')).toBe('no');
    expect(answer.comments).toBe(1);
    expect(answer.events).toEqual([
      { event: 'body', data: { delta: 'Written first. ' } },
      { event: 'hook', data: { index: 0, text: 'Written last.' } },
    ]);
  });

  test('when the client hangs up mid-stream, then the service sees its request closed', async () => {
    const before = upstreamClosedEarly;

    const answer = await readEventStream(gateway.url, '/api/content/generate', { token, hangUpWhen: (events) => events.length === 1 });

    expect(answer.events).toHaveLength(1);
    await eventually(async () => upstreamClosedEarly, (n) => n === before + 1);
  });
});
