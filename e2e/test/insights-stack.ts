/**
 * A second stack for the insights journey, launched as `npm run start:demo` runs it: the
 * journeys' own stack (global-setup.ts) uses the share app, which LinkedIn gives no post
 * analytics, so the figures need a stack with the Community Management app. Free ports and a
 * namespace of its own, logs in e2e/artifacts/logs-insights.
 */
import path from 'node:path';
import { freePorts, launchStack, type RunningStack } from '@postwright/platform/src/stack/launch';
import { cleanupNamespace } from '@postwright/platform/src/testing';
import { DEMO_STACK_SETTINGS } from '../../platform/scripts/seed-demo-stack';
import { seedDemo, type SeededMember, type SeedOptions } from '../../platform/scripts/seed-demo';
import { journeyStackEnv } from '../src/stack-env';

export interface DemoStack {
  baseUrl: string;
  sandboxUrl: string;
  mailUrl: string;
  /** seeds a demo member as `npm run seed:demo` does, on this stack */
  seed(options?: Partial<SeedOptions>): Promise<SeededMember>;
  stop(): Promise<void>;
}

export async function launchDemoStack(): Promise<DemoStack> {
  const ports = await freePorts();
  const namespace = `e2eins${Date.now().toString(36)}_`;
  const stack: RunningStack = await launchStack({
    ports,
    publicUrl: `http://127.0.0.1:${ports.gateway}`,
    output: { dir: path.resolve(__dirname, '../artifacts/logs-insights') },
    detachedDatabase: true,
    env: {
      ...journeyStackEnv(namespace, ports.sandbox),
      ...DEMO_STACK_SETTINGS,
      // a round every 2 s: the journey waits for the figures of every post
      ENGAGEMENT_POLL_INTERVAL_MS: '2000',
      GENERATION_PER_MINUTE: '100000',
    },
  });
  const urls = { baseUrl: stack.url, sandboxUrl: stack.sandboxUrl, mailUrl: stack.mailUrl! };
  return {
    ...urls,
    seed: (options = {}) =>
      seedDemo({
        ...urls,
        posts: 60,
        days: 90,
        timeZone: 'Europe/Paris',
        contentEnv: { MONGO_URL: stack.env.MONGO_URL, NAMESPACE: namespace },
        engagementTimeoutMs: 180_000,
        seed: 38,
        ...options,
      }),
    async stop() {
      await stack.stop();
      await cleanupNamespace(namespace);
    },
  };
}
