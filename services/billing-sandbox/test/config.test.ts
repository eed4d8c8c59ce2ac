import { readConfig, SANDBOX_DEFAULTS } from '../src/config';

describe('configuration', () => {
  test('when nothing is set, then the sandbox listens on 8091 with the well-known key and secret, webhooks to the product, chaos at 0.2', () => {
    const config = readConfig({});
    expect(config).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 8091,
      SANDBOX_SECRET_KEY: SANDBOX_DEFAULTS.secretKey,
      SANDBOX_WEBHOOK_SECRET: SANDBOX_DEFAULTS.webhookSecret,
      webhookUrl: 'http://localhost:8080/api/billing/webhook',
      webhookChaos: 0.2,
      control: false,
      SANDBOX_CUSTOMER_TEST_CLOCKS: true,
      SANDBOX_WEBHOOK_RETRY_BASE_MS: 1_000,
      SANDBOX_WEBHOOK_ATTEMPTS: 8,
    });
    expect(SANDBOX_DEFAULTS).toEqual({ secretKey: 'sk_test_postwright_sandbox', webhookSecret: 'whsec_postwright_sandbox' });
  });

  test('when NODE_ENV is test, then the controls are on and chaos is off unless asked for', () => {
    expect(readConfig({ NODE_ENV: 'test' })).toMatchObject({ control: true, webhookChaos: 0 });
    expect(readConfig({ NODE_ENV: 'test', SANDBOX_WEBHOOK_CHAOS: '0.5', SANDBOX_CONTROL: 'false' })).toMatchObject({ control: false, webhookChaos: 0.5 });
  });

  test('when a key or secret is not shaped like Stripe\'s, then the config is refused naming it', () => {
    expect(() => readConfig({ SANDBOX_SECRET_KEY: 'sk_live_abc' })).toThrow(/SANDBOX_SECRET_KEY/);
    expect(() => readConfig({ SANDBOX_WEBHOOK_SECRET: 'secret' })).toThrow(/SANDBOX_WEBHOOK_SECRET/);
    expect(() => readConfig({ SANDBOX_WEBHOOK_CHAOS: '2' })).toThrow(/SANDBOX_WEBHOOK_CHAOS/);
  });

  test('when NODE_ENV is production, then every address and secret must be stated and the well-known defaults are refused', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL[\s\S]*SANDBOX_SECRET_KEY[\s\S]*SANDBOX_WEBHOOK_SECRET[\s\S]*SANDBOX_WEBHOOK_URL/);
    const stated = { NODE_ENV: 'production', PUBLIC_URL: 'https://postwright.example', SANDBOX_WEBHOOK_URL: 'http://billing:4005/api/billing/webhook' };
    expect(() => readConfig({ ...stated, SANDBOX_SECRET_KEY: SANDBOX_DEFAULTS.secretKey, SANDBOX_WEBHOOK_SECRET: SANDBOX_DEFAULTS.webhookSecret })).toThrow(/well-known default/);
    const config = readConfig({ ...stated, SANDBOX_SECRET_KEY: 'sk_test_9f8e7d6c5b4a39281706', SANDBOX_WEBHOOK_SECRET: 'whsec_1a2b3c4d5e6f7a8b9c0d' });
    expect(config).toMatchObject({ webhookUrl: 'http://billing:4005/api/billing/webhook', productUrl: 'https://postwright.example', webhookChaos: 0.2 });
  });
});
