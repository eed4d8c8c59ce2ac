import {
  contentLookupRequestSchema,
  contentLookupResponseSchema,
  internalContentResponseSchema,
  type InternalContentItem,
  type PublicationReport,
  type TransitionRequest,
} from '@postwright/contracts';
import { Batcher } from '../batcher';
import { AppError } from '../errors';
import { createInternalClient, type InternalResponse } from '../internal-client';

/** One of a member's items, as the lookup names it: its id and the user it must belong to. */
export type ContentRef = { id: string; userId: string };

/**
 * What the content service answered to a change: the item as it is now, or why not: 404 (not the
 * user's, gone, or an id no item can have) or 409 (its status did not match). Anything else means
 * the service could not answer, and is thrown as a 503.
 */
export type ContentAnswer = { ok: true; value: InternalContentItem } | { ok: false; status: 404 | 409; message: string };

/** The content service's internal API (contracts/src/internal.ts): one client for every service that calls it (LinkedIn, scheduler). */
export interface ContentPort {
  /** The item when it belongs to the user, else null (not theirs, deleted, or no such item). */
  get(ref: ContentRef): Promise<InternalContentItem | null>;
  /** Several members' items in one call, in the order asked: each the item, or null as get() answers it. */
  lookup(refs: ContentRef[]): Promise<Array<InternalContentItem | null>>;
  /** A scheduling move (schedule, reschedule, unschedule), applied only from the statuses it names. */
  transition(contentId: string, request: TransitionRequest): Promise<ContentAnswer>;
  /** What came of publishing the item; the content service settles it. */
  report(contentId: string, report: PublicationReport): Promise<ContentAnswer>;
}

export interface ContentClientOptions {
  contentUrl: string;
  internalToken: string;
  timeoutMs?: number;
  /**
   * Reads made while others are under way (a burst of scheduled publishes) go together as one
   * lookup: one call and one read of the store instead of one each. Under no load each goes at
   * once, alone.
   */
  coalesceReads?: boolean;
}

/** items read in one coalesced lookup at most; lookups at once before the next reads wait and group */
const COALESCED_LOOKUP_MAX = 50;
const COALESCED_LOOKUPS_AT_ONCE = 4;

const contentRefSchema = contentLookupRequestSchema.shape.items.element;

export function contentClient(options: ContentClientOptions): ContentPort {
  const content = createInternalClient({ service: 'content', baseUrl: options.contentUrl, token: options.internalToken, timeoutMs: options.timeoutMs });
  const path = (contentId: string, action = '') => `/internal/content/${encodeURIComponent(contentId)}${action}`;

  async function lookup(refs: ContentRef[]): Promise<Array<InternalContentItem | null>> {
    const res = await content.request('POST', '/internal/content/lookup', { items: refs });
    if (res.status !== 200) throw unavailable(res.status);
    const { items } = contentLookupResponseSchema.parse(res.body);
    if (items.length !== refs.length) throw unavailable(res.status);
    return items;
  }

  async function getOne(ref: ContentRef): Promise<InternalContentItem | null> {
    const answer = toAnswer(await content.request('GET', `${path(ref.id)}?userId=${encodeURIComponent(ref.userId)}`));
    return answer.ok ? answer.value : null;
  }

  let get = getOne;
  if (options.coalesceReads) {
    const reads = new Batcher<ContentRef, InternalContentItem | null>(lookup, { maxBatch: COALESCED_LOOKUP_MAX, maxConcurrent: COALESCED_LOOKUPS_AT_ONCE });
    get = async (ref) => {
      // an id no item can have is answered here, so that it never fails the lookup it would share
      if (!contentRefSchema.safeParse(ref).success) return null;
      return reads.submit({ id: ref.id, userId: ref.userId });
    };
  }

  return {
    get: (ref) => get(ref),
    lookup,
    async transition(contentId, request) {
      return toAnswer(await content.request('POST', path(contentId, '/transition'), request));
    },
    async report(contentId, report) {
      return toAnswer(await content.request('POST', path(contentId, '/publication'), report));
    },
  };
}

function toAnswer(res: InternalResponse): ContentAnswer {
  const message = (res.body as { error?: string } | null)?.error ?? '';
  // a malformed id is "not found" for the user: it cannot be theirs
  if (res.status === 404 || res.status === 400) return { ok: false, status: 404, message };
  if (res.status === 409) return { ok: false, status: 409, message };
  if (res.status !== 200) throw unavailable(res.status);
  return { ok: true, value: internalContentResponseSchema.parse(res.body).content };
}

function unavailable(status: number): AppError {
  return AppError.of('DEPENDENCY.UNAVAILABLE', { message: 'The content service is unavailable. Please try again.', details: { upstreamStatus: status } });
}
