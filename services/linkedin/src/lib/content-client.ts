import { internalContentResponseSchema, type InternalContentItem, type PublicationReport } from '@postwright/contracts';
import { AppError, type InternalClient } from '@postwright/platform';

/** The content service's internal API: read the owner's item, report what came of publishing it. */
export class ContentClient {
  constructor(private readonly client: InternalClient) {}

  /** The item when it belongs to userId, else null. */
  async get(userId: string, contentId: string): Promise<InternalContentItem | null> {
    const res = await this.client.request('GET', `/internal/content/${encodeURIComponent(contentId)}?userId=${encodeURIComponent(userId)}`);
    if (res.status === 404 || res.status === 400) return null;
    if (res.status !== 200) throw unavailable(res.status);
    return internalContentResponseSchema.parse(res.body).content;
  }

  /** The item as the content service settled it; null when it is no longer the user's (deleted). */
  async report(contentId: string, report: PublicationReport): Promise<InternalContentItem | null> {
    const res = await this.client.request('POST', `/internal/content/${encodeURIComponent(contentId)}/publication`, report);
    if (res.status === 404) return null;
    if (res.status !== 200) throw unavailable(res.status);
    return internalContentResponseSchema.parse(res.body).content;
  }
}

function unavailable(status: number) {
  return AppError.of('DEPENDENCY.UNAVAILABLE', { message: 'The content service is unavailable. Please try again.', details: { upstreamStatus: status } });
}
