// @ts-check
/**
 * The gateway benchmark's floor: a `node:http` proxy with a keep-alive agent and nothing else (no
 * checks, no headers of its own), in a process of its own like the gateway, plain JavaScript run
 * by `node` with the gateway's flags as the built gateway is. Proxies to process.argv[2] and sends
 * its port to the parent.
 */
const http = require('node:http');

if (process.send) {
  const upstream = new URL(process.argv[2]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });
  const server = http.createServer((req, res) => {
    const forward = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => {
      res.statusCode = 502;
      res.end();
    });
    req.pipe(forward);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => process.send?.({ port: /** @type {import('node:net').AddressInfo} */ (server.address()).port }));
  process.on('disconnect', () => process.exit(0));
}
