import type { RunningService } from '../service';
import { cleanupNamespace, http, testEnv, testNamespace } from './index';

/**
 * The start-up checks every service shares: live and ready against the real infrastructure,
 * JSON 404 for unknown routes, and a config that fails fast naming every bad variable.
 */
export function describeServiceStartup(
  name: string,
  readConfig: (env: Record<string, string | undefined>) => any,
  start: (config: any) => Promise<RunningService<any>>,
  options: { env?: Record<string, string>; cleanup?: (ns: string) => Promise<void> } = {},
): void {
  describe(`${name} service start-up`, () => {
    const ns = testNamespace();
    let service: RunningService<any>;

    beforeAll(async () => {
      service = await start(readConfig(testEnv(ns, options.env)));
    });
    afterAll(async () => {
      await service?.stop();
      await (options.cleanup ?? cleanupNamespace)(ns);
    });

    test('when started against the real infrastructure, then it is live and ready', async () => {
      const health = await http(service.url, 'GET', '/health');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'ok', service: name });

      const ready = await http(service.url, 'GET', '/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ok', service: name, checks: { mongodb: 'up', redis: 'up', rabbitmq: 'up' } });
    });

    test('when a route does not exist, then the answer is a JSON 404 with error text', async () => {
      const res = await http(service.url, 'GET', '/api/nothing-here');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: expect.any(String), code: 'ROUTE.NOT_FOUND', requestId: expect.any(String) });
    });

    test('when the config is invalid, then start-up fails listing every bad variable', () => {
      let message = '';
      try {
        readConfig({ ...testEnv(ns, options.env), MONGO_URL: 'nope', PORT: 'abc', INTERNAL_TOKEN: 'short' });
      } catch (error) {
        message = (error as Error).message;
      }
      for (const key of ['MONGO_URL', 'PORT', 'INTERNAL_TOKEN']) expect(message).toContain(key);
    });
  });
}
