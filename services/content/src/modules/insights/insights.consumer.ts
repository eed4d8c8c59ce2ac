import type { EventEnvelope } from '@postwright/contracts';
import type { Messaging } from '@postwright/platform';
import type { InsightsUseCases } from './insights.use-case';

/**
 * A deleted item's row goes with it. The content service announces its own deletes
 * (content.deleted, retried by the sweep until the broker takes it), so the row follows every
 * delete without the delete itself knowing about insights.
 */
export async function startInsightsConsumer(messaging: Messaging, deps: { insights: InsightsUseCases }): Promise<void> {
  await messaging.consume(
    'insights-events',
    ['content.deleted'],
    async (event) => {
      if (event.type === 'content.deleted') await deps.insights.deleted((event as EventEnvelope<'content.deleted'>).payload);
    },
    { maxAttempts: 5 },
  );
}
