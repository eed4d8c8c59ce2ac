import type { RunningSandbox } from '../src/server';
import { accessToken, api, control, postBody, startSandbox } from './support';

const DAY_LIMIT_BODY = {
  status: 429,
  serviceErrorCode: 101,
  code: 'TOO_MANY_REQUESTS',
  message: 'Resource level throttle APPLICATION_AND_MEMBER DAY limit for calls to this resource is reached.',
};

/** The next midnight UTC after the instant `now` (an ISO string or ms). */
const nextUtcMidnight = (now: string | number) => {
  const at = new Date(now);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
};

/** Seconds from the sandbox clock's `now` to just past the next midnight UTC. */
const toNextUtcDay = (now: string) => Math.ceil((nextUtcMidnight(now) - Date.parse(now)) / 1000) + 1;

/**
 * Stops the sandbox clock at the next noon UTC. The limit counts calls per UTC day: on the live
 * clock a run that spans midnight would split a test's calls over two days.
 */
async function freezeAtNoon(sandbox: RunningSandbox) {
  const { body: clock } = await control(sandbox.url, 'POST', '/__sandbox/clock', { freeze: true });
  const now = Date.parse(clock.now);
  const noon = nextUtcMidnight(now) - 12 * 3600_000;
  const { body: frozen } = await control(sandbox.url, 'POST', '/__sandbox/clock', { advanceSeconds: Math.ceil(((noon > now ? noon : noon + 24 * 3600_000) - now) / 1000) });
  expect(new Date(frozen.now).getUTCHours()).toBe(12);
}

async function member(sandbox: RunningSandbox, email: string) {
  const grant = await accessToken(sandbox.url, {}, { email });
  const me = await api(sandbox.url, 'GET', '/v2/userinfo', { token: grant.access_token });
  return { token: grant.access_token as string, sub: me.body.sub as string };
}

const calls = async (sandbox: RunningSandbox, query: string) => (await control(sandbox.url, 'GET', `/__sandbox/calls?${query}`)).body;

describe('sandbox: the member daily call limit', () => {
  describe('with SANDBOX_MEMBER_DAILY_CALL_LIMIT=3', () => {
    let sandbox: RunningSandbox;
    beforeAll(async () => {
      sandbox = await startSandbox({ SANDBOX_MEMBER_DAILY_CALL_LIMIT: '3' });
      await freezeAtNoon(sandbox);
    });
    afterAll(() => sandbox?.stop());

    test('when a member calls a resource more than 3 times in a UTC day, then the 4th answers 429 with the DAY-limit body, while other resources and other members still answer', async () => {
      const a = await member(sandbox, 'limit-a@example.com'); // one /v2/userinfo call
      const b = await member(sandbox, 'limit-b@example.com');
      const userinfo = () => api(sandbox.url, 'GET', '/v2/userinfo', { token: a.token });
      expect((await userinfo()).status).toBe(200);
      expect((await userinfo()).status).toBe(200);
      const over = await userinfo();
      expect(over.status).toBe(429);
      expect(over.body).toEqual(DAY_LIMIT_BODY);
      expect(over.headers.get('retry-after')).toBeNull();
      expect((await userinfo()).status).toBe(429);
      // the limit is per resource and per member
      expect((await api(sandbox.url, 'POST', '/rest/posts', { token: a.token, body: postBody(a.sub, 'Another resource') })).status).toBe(201);
      expect((await api(sandbox.url, 'GET', '/v2/userinfo', { token: b.token })).status).toBe(200);

      const today = await calls(sandbox, `sub=${a.sub}`);
      expect(today.limit).toBe(3);
      expect(today.calls).toEqual(
        expect.arrayContaining([
          { day: today.today, member: a.sub, resource: '/v2/userinfo', calls: 3, throttled: 2 },
          { day: today.today, member: a.sub, resource: '/rest/posts', calls: 1, throttled: 0 },
        ]),
      );
      expect(today.calls).toHaveLength(2);
      expect((await calls(sandbox, `sub=${b.sub}&resource=/v2/userinfo`)).calls).toEqual([
        { day: today.today, member: b.sub, resource: '/v2/userinfo', calls: 2, throttled: 0 },
      ]);
    });

    test('when the sandbox clock passes midnight UTC, then the member is answered again and counted on the new day', async () => {
      const a = await member(sandbox, 'limit-reset@example.com');
      const userinfo = () => api(sandbox.url, 'GET', '/v2/userinfo', { token: a.token });
      await userinfo();
      await userinfo();
      expect((await userinfo()).status).toBe(429);

      const { body: clock } = await control(sandbox.url, 'POST', '/__sandbox/clock', {});
      const firstDay = (clock.now as string).slice(0, 10);
      // a minute before midnight it is still refused
      await control(sandbox.url, 'POST', '/__sandbox/clock', { advanceSeconds: toNextUtcDay(clock.now) - 61 });
      expect((await userinfo()).status).toBe(429);
      await control(sandbox.url, 'POST', '/__sandbox/clock', { advanceSeconds: 61 });
      expect((await userinfo()).status).toBe(200);

      const counts = await calls(sandbox, `sub=${a.sub}&resource=/v2/userinfo`);
      expect(counts.today).not.toBe(firstDay);
      expect(counts.calls).toEqual([
        { day: firstDay, member: a.sub, resource: '/v2/userinfo', calls: 3, throttled: 2 },
        { day: counts.today, member: a.sub, resource: '/v2/userinfo', calls: 1, throttled: 0 },
      ]);
      expect((await calls(sandbox, `sub=${a.sub}&day=${counts.today}`)).calls).toHaveLength(1);
    });
  });

  describe('without the setting (the default)', () => {
    let sandbox: RunningSandbox;
    beforeAll(async () => {
      sandbox = await startSandbox();
      await freezeAtNoon(sandbox);
    });
    afterAll(() => sandbox?.stop());

    test('when no limit is set, then calls are counted but never refused', async () => {
      const a = await member(sandbox, 'unlimited@example.com');
      for (let i = 0; i < 20; i += 1) expect((await api(sandbox.url, 'GET', '/v2/userinfo', { token: a.token })).status).toBe(200);
      const counts = await calls(sandbox, `sub=${a.sub}`);
      expect(counts.limit).toBeNull();
      expect(counts.calls).toEqual([{ day: counts.today, member: a.sub, resource: '/v2/userinfo', calls: 21, throttled: 0 }]);
    });

    test('when the limit is set at runtime, then it applies to the calls already made today, and null lifts it', async () => {
      const a = await member(sandbox, 'runtime-limit@example.com');
      await api(sandbox.url, 'GET', '/v2/userinfo', { token: a.token });
      try {
        expect((await control(sandbox.url, 'POST', '/__sandbox/settings', { memberDailyCallLimit: 2 })).body.settings.memberDailyCallLimit).toBe(2);
        expect((await api(sandbox.url, 'GET', '/v2/userinfo', { token: a.token })).status).toBe(429);
        expect((await api(sandbox.url, 'POST', '/rest/posts', { token: a.token, body: postBody(a.sub, 'Another resource at runtime') })).status).toBe(201);
      } finally {
        await control(sandbox.url, 'POST', '/__sandbox/settings', { memberDailyCallLimit: null });
      }
      expect((await api(sandbox.url, 'GET', '/v2/userinfo', { token: a.token })).status).toBe(200);
    });

    test('when the runtime limit is not a positive whole number, then 400 and the setting is unchanged', async () => {
      for (const memberDailyCallLimit of [0, -1, 2.5, '10']) {
        const res = await control(sandbox.url, 'POST', '/__sandbox/settings', { memberDailyCallLimit });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatch(/memberDailyCallLimit/);
      }
      expect((await calls(sandbox, '')).limit).toBeNull();
    });
  });
});
