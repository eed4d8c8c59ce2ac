import type { Router } from 'express';
import { publishRequestSchema } from '@postwright/contracts';
import { parseInput, requireUser, type ServiceContext } from '@postwright/platform';
import { messages } from '../../lib/messages';
import type { PublishUseCases } from './publish.use-case';

// the item's own text is used when the client sends none; an id longer than any real one is
// refused here (sent on to the content service it overflowed the request line: 431, then 503)
const requestSchema = publishRequestSchema.extend({
  contentId: publishRequestSchema.shape.contentId.max(64, messages.contentNotFound),
  text: publishRequestSchema.shape.text.optional(),
});

export function publishRoutes(router: Router, ctx: ServiceContext, publish: PublishUseCases): void {
  router.post('/api/linkedin/post', requireUser(ctx.tokens), async (req, res) => {
    const body = parseInput(requestSchema, req.body);
    res.json(await publish.publishNow(req.user!.id, body));
  });
}
