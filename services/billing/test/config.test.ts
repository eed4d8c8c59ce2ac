import { readConfig, SANDBOX_STRIPE } from '../src/config';

const base = { MONGO_URL: 'mongodb://127.0.0.1:27017', INTERNAL_TOKEN: 'a-long-enough-internal-token-value' };
const production = {
  ...base,
  NODE_ENV: 'production',
  INTERNAL_TOKEN: 'Zq8v1XkP0mT4rW7yB3nC6fH9jL2sD5gA',
  REDIS_URL: 'redis://redis:6379',
  AMQP_URL: 'amqp://rabbit:5672',
  PUBLIC_URL: 'https://postwright.example',
};
const problems = (env: Record<string, string>) => {
  try {
    readConfig(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('billing configuration', () => {
  test('when no Stripe key is given, then the service talks to the billing sandbox with its own key and secret', () => {
    const config = readConfig({ ...base, BILLING_SANDBOX_URL: 'http://127.0.0.1:8091' });
    expect(config.stripe).toEqual({ mode: 'sandbox', secretKey: SANDBOX_STRIPE.secretKey, webhookSecret: SANDBOX_STRIPE.webhookSecret, apiUrl: 'http://127.0.0.1:8091' });
  });

  test('when a Stripe key is given, then the service talks to api.stripe.com and the signing secret is required', () => {
    const config = readConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_51AbCdEf', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' });
    expect(config.stripe).toMatchObject({ mode: 'stripe', apiUrl: 'https://api.stripe.com' });
    expect(problems({ ...base, STRIPE_SECRET_KEY: 'sk_test_51AbCdEf' })).toContain('STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY');
    expect(problems({ ...base, STRIPE_SECRET_KEY: 'pk_test_51AbCdEf', STRIPE_WEBHOOK_SECRET: 'secret' })).toMatch(/STRIPE_SECRET_KEY: must be a Stripe secret key[\s\S]*STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret/);
  });

  test('when production starts without Stripe keys, with the sandbox\'s, or with a live key pointed elsewhere, then it refuses listing every problem', () => {
    expect(problems(production)).toMatch(/STRIPE_SECRET_KEY: is required in production[\s\S]*STRIPE_WEBHOOK_SECRET: is required in production/);
    expect(problems({ ...production, STRIPE_SECRET_KEY: SANDBOX_STRIPE.secretKey, STRIPE_WEBHOOK_SECRET: SANDBOX_STRIPE.webhookSecret })).toMatch(
      /STRIPE_SECRET_KEY: is a known or example value[\s\S]*STRIPE_WEBHOOK_SECRET: is a known or example value/,
    );
    expect(problems({ ...production, STRIPE_SECRET_KEY: 'sk_live_51Zx9Qw8Er7Ty6Ui5Op', STRIPE_WEBHOOK_SECRET: 'whsec_9Hk2Lm4Np6Qr8St', STRIPE_API_URL: 'http://billing-sandbox:3000' })).toContain(
      'STRIPE_API_URL: a live key is only sent to https://api.stripe.com',
    );
    expect(problems({ ...production, STRIPE_SECRET_KEY: 'sk_live_51Zx9Qw8Er7Ty6Ui5Op', STRIPE_WEBHOOK_SECRET: 'whsec_9Hk2Lm4Np6Qr8St' })).toBe('');
  });
});
