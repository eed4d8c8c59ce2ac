/**
 * Gateway overhead: authenticated GET /api/content through the gateway (request id, helmet,
 * JWT verification, rate limit in Redis, proxy) against a bare Node http server that returns
 * the same JSON, both measured in this run on this machine.
 */
import http from 'node:http';
import { listen } from '@postwright/platform';
import { issueTestToken, testEnv, testNamespace } from '@postwright/platform/src/testing';
import { readConfig } from '../gateway/src/config';
import { start } from '../gateway/src/server';
import { load, type Benchmark } from './lib';

const body = JSON.stringify({
  content: Array.from({ length: 5 }, (_, i) => ({ id: `item-${i}`, contentType: 'insight', topic: 'Pricing power in B2B SaaS', status: 'draft' })),
});

export const gatewayBenchmark: Benchmark = {
  name: 'gateway',
  description: 'authenticated GET /api/content through the gateway vs a bare Node http server',
  async run() {
    const bare = await listen((_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    }, 0);
    const ns = testNamespace();
    const gateway = await start(
      readConfig({
        ...testEnv(ns, { LOG_LEVEL: 'silent' }),
        AUTH_URL: bare.url,
        CONTENT_URL: bare.url,
        LINKEDIN_URL: bare.url,
        SCHEDULER_URL: bare.url,
        RATE_LIMIT_PER_MINUTE: '100000000',
        WEB_DIST: '/nonexistent',
      }),
    );
    const headers = { authorization: `Bearer ${issueTestToken({ sub: 'b'.repeat(24) })}` };
    try {
      await load(`${gateway.url}/api/content`, { headers, durationSec: 2 }); // warm-up
      const direct = await load(`${bare.url}/api/content`, { headers });
      const proxied = await load(`${gateway.url}/api/content`, { headers });
      if (proxied.non2xx || proxied.errors) throw new Error(`gateway answered ${proxied.non2xx} non-2xx and ${proxied.errors} errors`);
      const ratio = proxied.rps / direct.rps;
      const addedP99 = proxied.p99 - direct.p99;
      return [
        { benchmark: 'gateway', metric: 'bare Node req/s', value: Math.round(direct.rps), unit: 'req/s' },
        { benchmark: 'gateway', metric: 'gateway req/s', value: Math.round(proxied.rps), unit: 'req/s' },
        { benchmark: 'gateway', metric: 'req/s ratio', value: ratio, unit: 'x', baseline: 'bare Node', target: '>= 0.5', pass: ratio >= 0.5 },
        { benchmark: 'gateway', metric: 'p99 bare / gateway', value: proxied.p99, unit: `ms (bare ${direct.p99} ms)` },
        { benchmark: 'gateway', metric: 'added p99', value: addedP99, unit: 'ms', baseline: 'bare Node p99', target: '<= 3 ms', pass: addedP99 <= 3 },
      ];
    } finally {
      await gateway.stop();
      await bare.close();
    }
  },
};
