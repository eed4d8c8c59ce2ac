import type { Router } from 'express';
import { publishRequestSchema } from '@postwright/contracts';
import { parseInput, requireUser, type ServiceContext } from '@postwright/platform';
import type { PublishUseCases } from './publish.use-case';

// the item's own text is used when the client sends none
const requestSchema = publishRequestSchema.extend({ text: publishRequestSchema.shape.text.optional() });

export function publishRoutes(router: Router, ctx: ServiceContext, publish: PublishUseCases): void {
  router.post('/api/linkedin/post', requireUser(ctx.tokens), async (req, res) => {
    const body = parseInput(requestSchema, req.body);
    res.json(await publish.publishNow(req.user!.id, body));
  });
}
