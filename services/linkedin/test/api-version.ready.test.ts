import { spawn } from 'node:child_process';
import path from 'node:path';
import { activeLinkedinVersions, daysUntilLinkedinSunset, linkedinVersionEntry, newestActiveLinkedinVersion } from '@postwright/contracts';
import { eventually, http, testEnv, testNamespace } from '@postwright/platform/src/testing';
import { readConfig, SUNSET_WARNING_DAYS } from '../src/config';
import { start, type LinkedinService } from '../src/server';
import { cleanup } from './support/stack';

const ROOT = path.resolve(__dirname, '../../..');

/** Issue #16: the version the service pins is one LinkedIn answers, and it says so when that is about to end. */
describe('LinkedIn API version at start and in /ready', () => {
  const ns = testNamespace();
  afterAll(() => cleanup(ns));

  test('when the version is far from its sunset, then /ready is ok and names it, its sunset and the days left, with no warning', async () => {
    let service: LinkedinService | undefined;
    try {
      service = await start(readConfig(testEnv(ns)));
      const version = newestActiveLinkedinVersion(Date.now())!;
      const entry = linkedinVersionEntry(version)!;
      const ready = await http(service.url, 'GET', '/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ok', service: 'linkedin' });
      expect(ready.body.details).toEqual({
        linkedinApiVersion: { version, sunset: entry.sunset, sunsetPublished: entry.sunsetPublished, daysLeft: daysUntilLinkedinSunset(version, Date.now()) },
      });
    } finally {
      await service?.stop();
    }
  });

  test('when LINKEDIN_API_VERSION is within 60 days of its sunset, then the start log warns and /ready, still 200 ok, carries the warning', async () => {
    // the oldest active version: 202601 (sunset 2027-01-15) on the day this was written
    const version = activeLinkedinVersions(Date.now()).at(-1)!;
    const entry = linkedinVersionEntry(version)!;
    expect(daysUntilLinkedinSunset(version, Date.now())).toBeLessThanOrEqual(SUNSET_WARNING_DAYS);

    const env = { ...process.env, ...testEnv(ns, { LINKEDIN_API_VERSION: version, LOG_LEVEL: 'info' }) };
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/linkedin/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const lines = () => out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
      const listening = await eventually(async () => lines().find((l) => l.msg === 'linkedin listening'), (l) => l !== undefined, 60_000);
      const warning = lines().find((l) => l.level === 40 && l.linkedinApiVersion);
      const days = daysUntilLinkedinSunset(version, Date.now())!;
      expect(warning?.msg).toMatch(new RegExp(`^LinkedIn-Version ${version} retires on ${entry.sunset}${entry.sunsetPublished ? '' : ' \\(estimated\\)'}, in (${days}|${days - 1}) days: set LINKEDIN_API_VERSION to ${newestActiveLinkedinVersion(Date.now())}, one of LinkedIn's active versions`));
      expect(warning?.linkedinApiVersion).toMatchObject({ version, sunset: entry.sunset });

      const ready = await http(listening.url, 'GET', '/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ok', checks: { mongodb: 'up', redis: 'up', rabbitmq: 'up' } });
      expect(ready.body.details.linkedinApiVersion).toEqual({ ...warning.linkedinApiVersion, daysLeft: expect.any(Number), warning: expect.stringContaining(`LinkedIn-Version ${version} retires on ${entry.sunset}`) });
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 90_000);
});
