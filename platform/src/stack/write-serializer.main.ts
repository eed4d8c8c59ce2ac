/**
 * The write serializer as a process of its own (the embedded database of test runs outlives
 * them): node platform/dist/stack/write-serializer.main.js <listenPort> <upstreamPort>
 */
import { startWriteSerializer } from './write-serializer';

const [listenPort, upstreamPort] = process.argv.slice(2).map(Number);
startWriteSerializer({ listenHost: '127.0.0.1', listenPort, upstreamHost: '127.0.0.1', upstreamPort }).then(
  () => undefined,
  (error) => {
    process.stderr.write(`write serializer could not start: ${error.message}\n`);
    process.exit(1);
  },
);
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
