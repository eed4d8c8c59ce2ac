import type { Router } from 'express';
import { publishRequestSchema } from '@postwright/contracts';
import { parseInput, requireUser, type ServiceContext } from '@postwright/platform';
import { refuseOverLinkedinLimit } from './post-length';
import type { PublishUseCases } from './publish.use-case';

// the item's own text is used when the client sends none; an id longer than any real one is
// refused by the contract's maximum, "Content not found" (sent on to the content service it
// overflowed the request line: 431, then 503)
const requestSchema = publishRequestSchema.extend({
  text: publishRequestSchema.shape.text.optional(),
});

/**
 * Text over LinkedIn's limit (as written or as sent) is refused before anything is read, locked
 * or stored, in the words and code publishing uses for it; the schema's own maximum stands behind this.
 */
function refuseTooLong(body: unknown): void {
  const text = (body as { text?: unknown } | null | undefined)?.text;
  if (typeof text === 'string') refuseOverLinkedinLimit(text);
}

export function publishRoutes(router: Router, ctx: ServiceContext, publish: PublishUseCases): void {
  router.post('/api/linkedin/post', requireUser(ctx.tokens), async (req, res) => {
    refuseTooLong(req.body);
    const body = parseInput(requestSchema, req.body);
    res.json(await publish.publishNow(req.user!.id, body));
  });
}
