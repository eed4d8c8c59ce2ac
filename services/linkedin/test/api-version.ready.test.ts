import { spawn } from 'node:child_process';
import path from 'node:path';
import { activeLinkedinVersions, daysUntilLinkedinSunset, LINKEDIN_API_VERSIONS, linkedinVersionEntry, newestActiveLinkedinVersion } from '@postwright/contracts';
import type { ConfigError } from '@postwright/platform';
import { eventually, http, testEnv, testNamespace } from '@postwright/platform/src/testing';
import { apiVersionNotice, readConfig, SUNSET_WARNING_DAYS } from '../src/config';
import { start, type LinkedinService } from '../src/server';
import { cleanup } from './support/stack';

const ROOT = path.resolve(__dirname, '../../..');

/** The version the service pins is one LinkedIn answers, and it says so when that is about to end. */
describe('LinkedIn API version at start and in /ready', () => {
  const ns = testNamespace();
  afterAll(() => cleanup(ns));

  test('the notice, at fixed dates: nothing far from the sunset; a warning with the days left within 60; past an estimate, still usable with a warning', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(apiVersionNotice('202601', at('2026-09-01T12:00:00Z'))).toEqual({ version: '202601', sunset: '2027-01-15', sunsetPublished: true, daysLeft: 136 });
    expect(apiVersionNotice('202601', at('2026-11-23T12:00:00Z')).warning).toMatch(
      /^LinkedIn-Version 202601 retires on 2027-01-15, in 53 days: set LINKEDIN_API_VERSION to 202609, one of LinkedIn's active versions \(contracts\/src\/linkedin-versions.ts\): 202609, .*, 202601$/,
    );
    expect(apiVersionNotice('202601', at('2027-01-14T12:00:00Z')).warning).toMatch(/^LinkedIn-Version 202601 retires on 2027-01-15, in 1 day: /);
    expect(apiVersionNotice('202601', at('2027-01-16T12:00:00Z')).warning).toMatch(/^LinkedIn-Version 202601 was retired on 2027-01-15: set LINKEDIN_API_VERSION to 202609/);
    expect(apiVersionNotice('202609', at('2027-10-01T12:00:00Z')).warning).toBe(
      'LinkedIn-Version 202609 was due to retire on 2027-09-15 (estimated); LinkedIn has not published the date and may stop answering it at any time: add the versions LinkedIn has released since to contracts/src/linkedin-versions.ts',
    );
  });

  describe('a version released after this list (newer than every listed one)', () => {
    // the list's newest is 202609; on this day 202610 and 202611 have begun, 202612 has not
    const DAY = '2026-11-23T12:00:00Z';
    const onDay = <T>(run: () => T): T => {
      const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.parse(DAY));
      try {
        return run();
      } finally {
        clock.mockRestore();
      }
    };
    const refusal = (version: string) =>
      onDay(() => {
        try {
          readConfig(testEnv(ns, { LINKEDIN_API_VERSION: version }));
        } catch (error) {
          return (error as ConfigError).problems;
        }
        return [];
      });

    test('when LINKEDIN_API_VERSION is newer than the list, in a month begun, then start-up takes it and the notice warns it is not in this release\'s list', () => {
      expect(LINKEDIN_API_VERSIONS[0].version).toBe('202609');
      expect(onDay(() => readConfig(testEnv(ns, { LINKEDIN_API_VERSION: '202611' }))).linkedin.apiVersion).toBe('202611');
      expect(onDay(() => readConfig(testEnv(ns, { LINKEDIN_CLIENT_ID: 'a', LINKEDIN_CLIENT_SECRET: 'b', LINKEDIN_API_VERSION: '202610' }))).linkedin).toMatchObject({ mode: 'live', apiVersion: '202610' });
      const notice = apiVersionNotice('202610', Date.parse(DAY));
      expect(notice).toEqual({ version: '202610', sunset: '2027-10-15', sunsetPublished: false, daysLeft: 326, warning: expect.any(String) });
      expect(notice.warning).toMatch(
        /^LinkedIn-Version 202610 is not in this release's list \(contracts\/src\/linkedin-versions.ts, newest 202609\); it is used as set\. If LinkedIn has not released it, every call is refused \(426\): add it to the list once LinkedIn lists it, or use one of LinkedIn's active versions \(contracts\/src\/linkedin-versions.ts\): 202609, /,
      );
    });

    test('when it is unknown and older than the newest listed, still to come, or listed and retired, then start-up still refuses it', () => {
      expect(refusal('202512')).toEqual([expect.stringMatching(/^LINKEDIN_API_VERSION: 202512 is not a version LinkedIn has released: use /)]);
      expect(refusal('202608.01')).toEqual([expect.stringMatching(/^LINKEDIN_API_VERSION: 202608.01 is not a version LinkedIn has released: use /)]);
      expect(refusal('202612')).toEqual([expect.stringMatching(/^LINKEDIN_API_VERSION: 202612 is not a version LinkedIn has released: use /)]);
      expect(refusal('202511')).toEqual([expect.stringMatching(/^LINKEDIN_API_VERSION: 202511 was retired by LinkedIn on 2026-11-16: use /)]);
      expect(refusal('2026-10')).toEqual([expect.stringMatching(/^LINKEDIN_API_VERSION: "2026-10" is not a LinkedIn version \(YYYYMM\)/)]);
    });

    test('when the service starts with it, then the start log warns that it is not in this release\'s list, and /ready carries the warning', async () => {
      const env = { ...process.env, ...testEnv(ns, { LINKEDIN_API_VERSION: '202610', LOG_LEVEL: 'info' }), TEST_CLOCK_FROM: DAY };
      const preload = './services/linkedin/test/support/clock-from.mjs';
      const child = spawn(process.execPath, ['--import', preload, '--import', 'tsx', 'services/linkedin/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        const lines = () => out.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
        const listening = await eventually(async () => lines().find((l) => l.msg === 'linkedin listening'), (l) => l !== undefined, 60_000);
        const warning = await eventually(async () => lines().find((l) => l.level === 40 && l.linkedinApiVersion), (l) => l !== undefined, 10_000);
        expect(warning.msg).toMatch(/^LinkedIn-Version 202610 is not in this release's list /);
        expect(warning.msg).toBe(apiVersionNotice('202610', warning.time).warning);
        const ready = await http(listening.url, 'GET', '/ready');
        expect(ready.status).toBe(200);
        expect(ready.body.details.linkedinApiVersion).toMatchObject({ version: '202610', sunset: '2027-10-15', sunsetPublished: false, warning: warning.msg });
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    }, 90_000);
  });

  test('when the service runs, then /ready is ok and names its version, the sunset and the days left, with the warning exactly when the notice has one', async () => {
    let service: LinkedinService | undefined;
    try {
      service = await start(readConfig(testEnv(ns)));
      const version = newestActiveLinkedinVersion(Date.now())!;
      const entry = linkedinVersionEntry(version)!;
      const ready = await http(service.url, 'GET', '/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ok', service: 'linkedin' });
      const expected = apiVersionNotice(version);
      expect(ready.body.details).toEqual({
        linkedinApiVersion: {
          version,
          sunset: entry.sunset,
          sunsetPublished: entry.sunsetPublished,
          daysLeft: expect.any(Number),
          ...(expected.warning ? { warning: expect.stringMatching(new RegExp(`^LinkedIn-Version ${version} `)) } : {}),
        },
      });
    } finally {
      await service?.stop();
    }
  });

  test('when LINKEDIN_API_VERSION is within 60 days of its sunset, then the start log warns and /ready, still 200 ok, carries the warning', async () => {
    // the usable version nearest its sunset: there is always one within 60 days (LinkedIn releases
    // most months), or past an estimated sunset once this list falls behind
    const version = activeLinkedinVersions(Date.now()).reduce((a, b) => (daysUntilLinkedinSunset(a, Date.now())! <= daysUntilLinkedinSunset(b, Date.now())! ? a : b));
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
      // logged once the service is up, so it can follow the listening line
      const warning = await eventually(async () => lines().find((l) => l.level === 40 && l.linkedinApiVersion), (l) => l !== undefined, 10_000);
      expect(warning?.msg).toBe(apiVersionNotice(version, warning.time).warning);
      expect(warning?.linkedinApiVersion).toMatchObject({ version, sunset: entry.sunset });

      const ready = await http(listening.url, 'GET', '/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ok', checks: { mongodb: 'up', redis: 'up', rabbitmq: 'up' } });
      expect(ready.body.details.linkedinApiVersion).toEqual({ ...warning.linkedinApiVersion, daysLeft: expect.any(Number), warning: expect.stringMatching(new RegExp(`^LinkedIn-Version ${version} `)) });
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 90_000);
});
