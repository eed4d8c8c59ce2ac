import { calendarSettingsResponseSchema } from '@postwright/contracts';
import { http, issueTestToken, randomId, testEnv, testNamespace } from '@postwright/platform/src/testing';
import { readConfig } from '../src/config';
import { start, type SchedulerService } from '../src/server';
import { cleanup } from './support/stack';

/** Forms check the minimum lead with the server's own value, not a copy of it. */
describe('GET /api/calendar/settings', () => {
  const ns = testNamespace();
  let service: SchedulerService;
  const token = issueTestToken({ sub: randomId() });

  beforeAll(async () => {
    // not the default, so the answer can only come from the configuration
    service = await start(readConfig(testEnv(ns, { SCHEDULE_MIN_LEAD_SECONDS: '5400' })));
  });
  afterAll(async () => {
    await service?.stop();
    await cleanup(ns, [process.env.REDIS_URL ?? 'redis://127.0.0.1:6379']);
  });

  test('when a signed-in user asks, then 200 with the configured minimum lead in seconds', async () => {
    const res = await http(service.url, 'GET', '/api/calendar/settings', { token });
    expect(res.status).toBe(200);
    expect(calendarSettingsResponseSchema.parse(res.body)).toEqual({ minimumLeadSeconds: 5400 });
    expect(res.body).toEqual({ minimumLeadSeconds: 5400 });
  });

  test('when there is no token, then 401', async () => {
    const res = await http(service.url, 'GET', '/api/calendar/settings');
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
  });
});
