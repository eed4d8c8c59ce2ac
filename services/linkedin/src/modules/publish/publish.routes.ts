import type { Router } from 'express';
import { linkedinLengthProblem, publishRequestSchema } from '@postwright/contracts';
import { AppError, parseInput, requireUser, type TokenVerifier, userOf } from '@postwright/platform';
import { messages } from '../../lib/messages';
import type { PublishFailure } from './failure';
import type { PublishNowRefusal, PublishNowResult } from './publish-now.use-case';
import type { Visibility } from './send';

// the item's own text is used when the client sends none; an id longer than any real one is
// refused by the contract's maximum, "Content not found" (sent on to the content service it
// overflowed the request line: 431, then 503)
const requestSchema = publishRequestSchema.extend({
  text: publishRequestSchema.shape.text.optional(),
});

type PublishNow = (userId: string, input: { contentId: string; text?: string; visibility: Visibility }) => Promise<PublishNowResult>;

export function publishRoutes(router: Router, { tokens, publishNow }: { tokens: TokenVerifier; publishNow: PublishNow }): void {
  router.post('/api/linkedin/post', requireUser(tokens), async (req, res) => {
    // text over LinkedIn's limit (as written or as sent) is refused before anything is read, locked
    // or stored, in the words and code publishing uses for it; the schema's own maximum stands behind this
    const text = (req.body as { text?: unknown } | null | undefined)?.text;
    const tooLong = typeof text === 'string' ? linkedinLengthProblem(text) : null;
    if (tooLong) throw tooLongError(tooLong);
    const result = await publishNow(userOf(req).id, parseInput(requestSchema, req.body));
    if (result.kind === 'refused') throw refusalError(result.refusal);
    res.json({ linkedinPost: result.linkedinPost, content: result.content });
  });
}

/** The one place a publish refusal becomes an HTTP answer. */
function refusalError(refusal: PublishNowRefusal): AppError {
  switch (refusal.kind) {
    case 'content-not-found':
      return AppError.of('CONTENT.NOT_FOUND');
    case 'in-progress':
      return AppError.of('LINKEDIN.PUBLISH_IN_PROGRESS');
    case 'already-published':
      return AppError.of('LINKEDIN.ALREADY_PUBLISHED');
    case 'earlier-unconfirmed':
      return AppError.of('LINKEDIN.UNCONFIRMED_EARLIER');
    case 'unconfirmed':
      return AppError.of('LINKEDIN.UNCONFIRMED');
    case 'no-content':
      return AppError.of('LINKEDIN.NO_CONTENT');
    case 'too-long':
      return tooLongError(refusal.message);
    case 'failed':
      return failureError(refusal.failure);
  }
}

function tooLongError(message: string): AppError {
  return AppError.badRequest(message, { text: message }, 'LINKEDIN.TOO_LONG');
}

function failureError(failure: PublishFailure): AppError {
  switch (failure.kind) {
    case 'connection':
      return failure.error;
    case 'duplicate-of-other-item':
      return AppError.of('LINKEDIN.DUPLICATE_POST', { message: messages.duplicateOfOtherItem(failure.url) });
    case 'duplicate-not-ours':
      return AppError.of('LINKEDIN.DUPLICATE_POST', { message: messages.duplicateNotOurs });
    case 'unexpected':
      return AppError.of('LINKEDIN.UNAVAILABLE', { cause: failure.error });
    case 'linkedin':
      switch (failure.error.kind) {
        case 'throttled':
          return AppError.of('LINKEDIN.RATE_LIMITED');
        case 'retired-version':
          return AppError.of('LINKEDIN.API_VERSION_RETIRED');
        case 'forbidden':
          return AppError.of('LINKEDIN.FORBIDDEN');
        case 'rejected':
          return AppError.of('LINKEDIN.REJECTED', { message: messages.rejected(failure.error.message) });
        case 'too-long':
          return tooLongError(messages.tooLongAtLinkedin);
        default:
          return AppError.of('LINKEDIN.UNAVAILABLE');
      }
  }
}
