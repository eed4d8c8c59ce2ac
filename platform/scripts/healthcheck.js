// @ts-check
/**
 * The container health check of every Postwright image (Dockerfile HEALTHCHECK, compose):
 * exits 0 when the program in this container answers GET /ready with 200, else 1. Plain node,
 * no dependencies: the images have no curl or wget. `node healthcheck.js /health` checks
 * liveness instead.
 */
const http = require('node:http');

const path = process.argv[2] ?? '/ready';
const port = Number(process.env.PORT ?? 3000);
const request = http.get({ host: '127.0.0.1', port, path, timeout: 3_000 }, (res) => {
  res.resume();
  process.exit(res.statusCode === 200 ? 0 : 1);
});
request.on('timeout', () => request.destroy(new Error('timed out')));
request.on('error', (error) => {
  process.stderr.write(`GET ${path} on port ${port}: ${error.message}\n`);
  process.exit(1);
});
