import { internalContentResponseSchema, type InternalContentItem, type TransitionRequest } from '@postwright/contracts';
import { AppError, type InternalClient } from '@postwright/platform';

export type TransitionResult = { status: 'ok'; content: InternalContentItem } | { status: 'not-found' } | { status: 'conflict' };

/** The content service's internal API: read the owner's item, move it between statuses. */
export class ContentClient {
  constructor(private readonly client: InternalClient) {}

  /** The item when it belongs to userId, else null. */
  async get(userId: string, contentId: string): Promise<InternalContentItem | null> {
    const res = await this.client.request('GET', `/internal/content/${encodeURIComponent(contentId)}?userId=${encodeURIComponent(userId)}`);
    if (res.status === 404 || res.status === 400) return null;
    if (res.status !== 200) throw unavailable(res.status);
    return internalContentResponseSchema.parse(res.body).content;
  }

  async transition(contentId: string, request: TransitionRequest): Promise<TransitionResult> {
    const res = await this.client.request('POST', `/internal/content/${encodeURIComponent(contentId)}/transition`, request);
    if (res.status === 404) return { status: 'not-found' };
    if (res.status === 409) return { status: 'conflict' };
    if (res.status !== 200) throw unavailable(res.status);
    return { status: 'ok', content: internalContentResponseSchema.parse(res.body).content };
  }
}

function unavailable(status: number) {
  return new AppError('UPSTREAM.UNAVAILABLE', 'The content service is unavailable. Please try again.', { status: 503, details: { upstreamStatus: status } });
}
