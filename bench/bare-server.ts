/**
 * The gateway benchmark's bare Node http server, in a process of its own: it answers every
 * request with the same JSON and sends its port to the parent. It is both the baseline and the
 * service behind the gateway, as the content service is its own process in production.
 */
import http from 'node:http';

const body = JSON.stringify({
  content: Array.from({ length: 5 }, (_, i) => ({ id: `item-${i}`, contentType: 'insight', topic: 'Pricing power in B2B SaaS', status: 'draft' })),
});

if (process.send) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
  process.on('disconnect', () => process.exit(0));
}
