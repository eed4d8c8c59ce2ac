import { z } from 'zod';
import { ConfigError, infraConfigShape, loadConfig, port } from '../src';

const schema = z.object({ ...infraConfigShape, PORT: port(4000) });
const good = { MONGO_URL: 'mongodb://127.0.0.1:27017', INTERNAL_TOKEN: 'x'.repeat(20) };

describe('loadConfig', () => {
  test('when every variable is valid, then a frozen typed object with defaults is returned', () => {
    const config = loadConfig(schema, good);
    expect(config.PORT).toBe(4000);
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.AMQP_URL).toBe('amqp://guest:guest@127.0.0.1:5672');
    expect(Object.isFrozen(config)).toBe(true);
  });

  test('when several variables are bad, then it fails listing every one of them', () => {
    let error: unknown;
    try {
      loadConfig(schema, { MONGO_URL: 'postgres://x', REDIS_URL: 'http://x', PORT: '70000', INTERNAL_TOKEN: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const key of ['MONGO_URL', 'REDIS_URL', 'PORT', 'INTERNAL_TOKEN']) expect(problems).toContain(key);
    expect((error as Error).message).toMatch(/^Invalid configuration:/);
  });

  test('when a required variable is missing, then it is named', () => {
    expect(() => loadConfig(schema, { INTERNAL_TOKEN: 'x'.repeat(20) })).toThrow(/MONGO_URL/);
  });
});

describe('TRUST_PROXY (who may say which client a request came from)', () => {
  test('when unset, then a service trusts only the gateway on this machine (127.0.0.1)', () => {
    expect(loadConfig(schema, good).TRUST_PROXY).toBe('127.0.0.1');
  });

  test('when a hop count or a list of addresses and CIDRs is given, then Express gets a number or a clean list', () => {
    expect(loadConfig(schema, { ...good, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig(schema, { ...good, TRUST_PROXY: '10.0.0.0/8,  fd00::/8 ,loopback' }).TRUST_PROXY).toBe('10.0.0.0/8, fd00::/8, loopback');
  });

  test.each(['true', 'yes', '10.0.0.0/33', 'gateway', '1.2.3.4/8/9'])('when it is %s, then the service refuses to start', (value) => {
    expect(() => loadConfig(schema, { ...good, TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
