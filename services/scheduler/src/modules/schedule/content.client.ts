import { internalContentResponseSchema, type InternalContentItem, type PublicationReport, type TransitionRequest } from '@postwright/contracts';
import { AppError, createInternalClient } from '@postwright/platform';
import type { ContentAnswer, ContentPort } from './schedule.types';

/**
 * The content service's internal API. 404 (not the user's, or gone) and 409 (status did not
 * match) are answers; anything else means the service could not answer and becomes a 503.
 */
export function contentClient(options: { baseUrl: string; token: string }): ContentPort {
  const client = createInternalClient({ service: 'content', baseUrl: options.baseUrl, token: options.token, timeoutMs: 8_000 });

  const answer = (res: { status: number; body: unknown }): ContentAnswer<InternalContentItem> => {
    const message = (res.body as { error?: string } | null)?.error ?? '';
    // a malformed id is "not found" for the user: it cannot be theirs
    if (res.status === 404 || res.status === 400) return { ok: false, status: 404, message };
    if (res.status === 409) return { ok: false, status: 409, message };
    if (res.status !== 200) {
      throw AppError.of('DEPENDENCY.UNAVAILABLE', { message: 'The content service is unavailable. Please try again.', details: { upstreamStatus: res.status } });
    }
    return { ok: true, value: internalContentResponseSchema.parse(res.body).content };
  };

  return {
    async get(contentId, userId) {
      return answer(await client.request('GET', `/internal/content/${encodeURIComponent(contentId)}?userId=${encodeURIComponent(userId)}`));
    },
    async transition(contentId, request: TransitionRequest) {
      return answer(await client.request('POST', `/internal/content/${encodeURIComponent(contentId)}/transition`, request));
    },
    /** a scheduled publish given up: the content service settles the item (back to draft, with the reason) */
    async report(contentId, report: PublicationReport) {
      return answer(await client.request('POST', `/internal/content/${encodeURIComponent(contentId)}/publication`, report));
    },
  };
}
