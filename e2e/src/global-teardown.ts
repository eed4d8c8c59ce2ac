import type { RunningStack } from '@postwright/platform/src/stack/launch';
import { cleanupNamespace } from '@postwright/platform/src/testing';
import type { OtlpReceiver } from '@postwright/platform/src/testing/otlp-receiver';

export default async function globalTeardown(): Promise<void> {
  const stack = (globalThis as { __E2E_STACK__?: RunningStack }).__E2E_STACK__;
  await stack?.stop();
  await (globalThis as { __E2E_COLLECTOR__?: OtlpReceiver }).__E2E_COLLECTOR__?.close();
  if (process.env.E2E_NAMESPACE) await cleanupNamespace(process.env.E2E_NAMESPACE);
}
