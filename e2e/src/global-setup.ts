import fs from 'node:fs';
import path from 'node:path';
import infraSetup from '@postwright/platform/src/testing/global-setup';
import { buildWebIfNeeded, freePorts, launchStack, type RunningStack } from '@postwright/platform/src/stack/launch';
import { startOtlpReceiver, type OtlpReceiver } from '@postwright/platform/src/testing/otlp-receiver';
import { journeyStackEnv } from './stack-env';

export const ARTIFACTS = path.resolve(__dirname, '../artifacts');

/**
 * Launches the product as `npm start` does, but on free ports and in a namespace of its own,
 * so the journeys run beside a developer's stack and other suites. The LinkedIn sandbox
 * stands in for LinkedIn, the billing sandbox for Stripe; the offline generator for the model;
 * a Mailpit of the stack's own (on free ports too, stopped with it) for the SMTP server, whose
 * API the journeys read the emails from (E2E_MAIL_URL). Traced as production is with an OTLP
 * endpoint: the programs send their spans to a collector of the run's own (E2E_OTLP_URL).
 */
export default async function globalSetup(): Promise<void> {
  await infraSetup();
  buildWebIfNeeded();
  const ports = await freePorts();
  const publicUrl = `http://127.0.0.1:${ports.gateway}`;
  const namespace = `e2e${Date.now().toString(36)}_`;
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const collector: OtlpReceiver = await startOtlpReceiver();
  const stack: RunningStack = await launchStack({
    ports,
    publicUrl,
    output: { dir: path.join(ARTIFACTS, 'logs') },
    detachedDatabase: true,
    env: {
      ...journeyStackEnv(namespace, ports.sandbox),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // spans reach the collector within a fifth of a second (the SDK's default is 5 s)
      OTEL_BSP_SCHEDULE_DELAY: '200',
    },
  });
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_SANDBOX_URL = stack.sandboxUrl;
  process.env.E2E_BILLING_SANDBOX_URL = stack.billingSandboxUrl;
  process.env.E2E_MAIL_URL = stack.mailUrl;
  process.env.E2E_NAMESPACE = namespace;
  process.env.E2E_OTLP_URL = collector.url;
  (globalThis as { __E2E_STACK__?: RunningStack }).__E2E_STACK__ = stack;
  (globalThis as { __E2E_COLLECTOR__?: OtlpReceiver }).__E2E_COLLECTOR__ = collector;
}
