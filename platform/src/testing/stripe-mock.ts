/**
 * stripe-mock (Stripe's own mock server, which checks each request against Stripe's OpenAPI
 * description) for a test file: start one in beforeAll, hand its url to the billing sandbox as
 * SANDBOX_STRIPE_MOCK_URL, stop it in afterAll.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const TOOLS_DIR = process.env.POSTWRIGHT_TOOLS_DIR ?? path.join(ROOT, '.tools');
const START_TIMEOUT_MS = 20_000;

export interface RunningStripeMock {
  /** http://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
}

/** The binary, built by platform/scripts/install-stripe-mock.sh first when missing (it needs Go). */
function stripeMockBinary(): string {
  const bin = path.join(TOOLS_DIR, 'bin', 'stripe-mock');
  if (fs.existsSync(bin)) return bin;
  const result = spawnSync('bash', [path.join(ROOT, 'platform/scripts/install-stripe-mock.sh')], { stdio: 'inherit' });
  if (result.status !== 0 || !fs.existsSync(bin)) {
    throw new Error('stripe-mock is missing and could not be built (it needs Go): install Go and run bash platform/scripts/install-stripe-mock.sh');
  }
  return bin;
}

/**
 * Starts stripe-mock on a free port of 127.0.0.1 and answers once it listens. Its HTTPS listener
 * gets a free port too: by default it takes a fixed one, which two test files at once would share.
 */
export async function startStripeMock(): Promise<RunningStripeMock> {
  const child = spawn(stripeMockBinary(), ['-http-addr', '127.0.0.1:0', '-https-addr', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let listening = false;
  const url = await new Promise<string>((resolve, reject) => {
    const fail = (message: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${message}\n${output.slice(-2_000)}`));
    };
    const timer = setTimeout(() => fail(`stripe-mock did not listen within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      if (listening) return;
      output += chunk.toString('utf8');
      const address = /Listening for HTTP at address: (\S+)/.exec(output)?.[1];
      if (address) {
        listening = true;
        clearTimeout(timer);
        resolve(`http://${address}`);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', (err) => fail(`stripe-mock could not start: ${err.message}`));
    child.once('exit', (code) => !listening && fail(`stripe-mock exited with code ${code}`));
  });
  // keep draining its output so a chatty run cannot block on a full pipe
  child.stdout.resume();
  child.stderr.resume();
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
