import { contentLookupRequestSchema, contentLookupResponseSchema, internalContentResponseSchema, type InternalContentItem, type PublicationReport } from '@postwright/contracts';
import { AppError, Batcher, type InternalClient } from '@postwright/platform';

type ItemRef = { id: string; userId: string };
const itemRefSchema = contentLookupRequestSchema.shape.items.element;

/** items read in one lookup at most; lookups at once before the next ones wait and group */
const LOOKUP_BATCH = 50;
const LOOKUPS_AT_ONCE = 4;

/** The content service's internal API: read the owner's item, report what came of publishing it. */
export class ContentClient {
  /**
   * The reads of the publishes in flight together (a burst of scheduled posts) go as one lookup
   * (POST /internal/content/lookup): one call and one read of the store instead of one each.
   * Under no load each goes at once, alone.
   */
  private readonly lookups: Batcher<ItemRef, InternalContentItem | null>;

  constructor(private readonly client: InternalClient) {
    this.lookups = new Batcher((refs) => this.lookup(refs), { maxBatch: LOOKUP_BATCH, maxConcurrent: LOOKUPS_AT_ONCE });
  }

  /** The item when it belongs to userId, else null. */
  async get(userId: string, contentId: string): Promise<InternalContentItem | null> {
    const ref = { id: contentId, userId };
    // an id no item can have is answered here, so that it never fails the lookup it would share
    if (!itemRefSchema.safeParse(ref).success) return null;
    return this.lookups.submit(ref);
  }

  private async lookup(refs: ItemRef[]): Promise<Array<InternalContentItem | null>> {
    const res = await this.client.request('POST', '/internal/content/lookup', { items: refs });
    if (res.status !== 200) throw unavailable(res.status);
    const { items } = contentLookupResponseSchema.parse(res.body);
    if (items.length !== refs.length) throw unavailable(res.status);
    return items;
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
