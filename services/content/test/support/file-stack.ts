import type { EventType } from '@postwright/contracts';
import { startEventProbe, type EventProbe } from '@postwright/platform/src/testing/events';
import { startStack, type Stack, type TestUser } from './stack';

export interface FileStack {
  stack: Stack;
  probe: EventProbe;
  /** a premium author (no trial limit in the way) */
  user: TestUser;
}

/**
 * A file's content service with the offline writer, an event probe on `events` and a premium
 * author: started before its tests and handed to `take`, stopped after them.
 */
export function fileStack(events: EventType[], take: (started: FileStack) => void, env: Record<string, string> = {}): void {
  let stack: Stack | undefined;
  let probe: EventProbe | undefined;
  beforeAll(async () => {
    stack = await startStack({ OPENAI_API_KEY: '', ...env });
    probe = await startEventProbe(stack.ns, events);
    take({ stack, probe, user: await stack.user({ tier: 'premium' }) });
  });
  afterAll(async () => {
    await probe?.close();
    await stack?.stop();
  }, 60_000);
}
