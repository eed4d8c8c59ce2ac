/**
 * The publication pipeline's world in memory (modules/publish/ports.ts): attempts, the member's
 * connection, LinkedIn's posts API, the content service and events. For the use cases' unit tests.
 */
import type { EventPayload, EventType, InternalContentItem, PublicationReport } from '@postwright/contracts';
import { createLogger } from '@postwright/platform';
import { LinkedinApiError, type CreatedPost } from '../../src/lib/linkedin-api';
import type { StoredConnection } from '../../src/modules/connection/connection.repository';
import type { PostRecord } from '../../src/modules/publish/post.model';
import type { StoredPost } from '../../src/modules/publish/post.repository';
import { PublicationPipeline } from '../../src/modules/publish/pipeline';
import type { AttemptStore, ConnectionAccess, ContentPort, Locks, PostsApi } from '../../src/modules/publish/ports';

export const USER = 'user-1';

export function connection(): StoredConnection {
  const now = new Date();
  return {
    userId: USER,
    memberId: 'm1',
    memberUrn: 'urn:li:person:m1',
    scopes: ['w_member_social'],
    accessToken: 'sealed',
    refreshToken: null,
    keyId: 'k1',
    accessTokenExpiresAt: new Date(now.getTime() + 3_600_000),
    refreshTokenExpiresAt: null,
    status: 'active',
    profile: { firstName: 'Dana', lastName: 'Reyes', headline: null, publicProfileUrl: null, picture: null },
    engagement: { available: true, reason: null },
    connectedAt: now,
    expiryNoticeAt: null,
    updatedAt: now,
  };
}

export function item(fields: Partial<InternalContentItem> = {}): InternalContentItem {
  return {
    id: 'c1',
    userId: USER,
    contentType: 'storytelling',
    status: 'draft',
    generatedContent: 'Work samples beat whiteboards.',
    finalContent: null,
    selectedHook: null,
    scheduledFor: null,
    ...fields,
  } as InternalContentItem;
}

/** Each call to LinkedIn takes the next scripted answer: a post urn, or a failure kind. */
export type Answer = { urn: string; existing?: boolean } | { fail: ConstructorParameters<typeof LinkedinApiError>[0]; existingPostUrn?: string };

export function world(options: { items?: InternalContentItem[]; answers?: Answer[]; contentDown?: boolean } = {}) {
  const attempts = new Map<string, StoredPost>();
  const items = new Map((options.items ?? [item()]).map((i) => [i.id, i]));
  const answers = [...(options.answers ?? [{ urn: 'urn:li:share:1' }])];
  const sent: string[] = [];
  const reports: Array<{ contentId: string; report: PublicationReport }> = [];
  const events: Array<{ type: EventType; payload: unknown }> = [];
  const held = new Set<string>();
  /** the attempts' writes in order: "insert <state>" or "update <state>" */
  const writes: string[] = [];

  const posts: AttemptStore = {
    async insertAttempt(attempt, first = { state: 'pending' }) {
      if (attempts.has(attempt.key)) return null;
      const stored = { ...blank(), ...attempt, ...first, id: attempt.key };
      attempts.set(attempt.key, stored);
      writes.push(`insert ${first.state}`);
      return { ...stored };
    },
    async findByKey(key) {
      const found = attempts.get(key);
      return found ? { ...found } : null;
    },
    async findSending(contentId) {
      return [...attempts.values()].find((a) => a.contentId === contentId && a.state === 'sending') ?? null;
    },
    async findPublishedByUrn(userId, urn) {
      return [...attempts.values()].find((a) => a.userId === userId && a.state === 'published' && a.linkedInPostId === urn) ?? null;
    },
    async firstSentAt(contentId) {
      const times = [...attempts.values()].filter((a) => a.contentId === contentId && a.sentAt !== null).map((a) => a.sentAt!.getTime());
      return times.length ? new Date(Math.min(...times)) : null;
    },
    async transition(id, from, set) {
      const found = attempts.get(id);
      if (!found || !from.includes(found.state)) return null;
      const next = { ...found, ...set };
      attempts.set(id, next);
      writes.push(`update ${set.state}`);
      return { ...next };
    },
    async move(id, from, set) {
      const found = attempts.get(id);
      if (found && from.includes(found.state)) {
        attempts.set(id, { ...found, ...set });
        writes.push(`update ${set.state}`);
      }
    },
  };
  const access: ConnectionAccess = {
    requireConnection: async () => connection(),
    requireRecentConnection: async () => connection(),
    withToken: async (_connection, call) => call('access-token'),
  };
  const api: PostsApi = {
    apiVersion: '202609',
    postUrl: (urn) => `https://www.linkedin.com/feed/update/${urn}`,
    async createPost(_token, post): Promise<CreatedPost> {
      sent.push(post.commentary);
      const answer = answers.shift() ?? { fail: 'unavailable' as const };
      if ('fail' in answer) throw new LinkedinApiError(answer.fail, `LinkedIn: ${answer.fail}`, null, null, answer.existingPostUrn ?? null);
      return { urn: answer.urn, existing: answer.existing ?? false };
    },
  };
  const content: ContentPort = {
    async get({ id, userId }) {
      const found = items.get(id);
      return found && found.userId === userId ? { ...found } : null;
    },
    async report(contentId, report) {
      if (options.contentDown) throw new Error('content service down');
      reports.push({ contentId, report });
      const found = items.get(contentId);
      if (!found) return { ok: false, status: 404, message: 'Content not found' };
      const settled = report.outcome === 'published' ? { ...found, status: 'published' as const, linkedinPostId: report.linkedinPostId } : found;
      items.set(contentId, settled);
      return { ok: true, value: { ...settled } };
    },
  };
  const locks: Locks = {
    async tryAcquire(name) {
      if (held.has(name)) return null;
      held.add(name);
      return { release: async () => void held.delete(name) };
    },
    acquire(name) {
      return this.tryAcquire(name);
    },
  };
  const logger = createLogger('publish-unit', 'silent');
  const publisher = {
    async publish<T extends EventType>(type: T, payload: EventPayload<T>) {
      events.push({ type, payload });
    },
  };
  const pipeline = new PublicationPipeline({ posts, access, api, content, events: publisher, logger });
  return {
    attempts,
    items,
    sent,
    reports,
    events,
    held,
    writes,
    posts,
    access,
    content,
    locks,
    logger,
    pipeline,
    eventsOf: (type: EventType) => events.filter((e) => e.type === type),
    /** scripts LinkedIn's next answer after the world is made (when it depends on what happened) */
    answer: (next: Answer) => void answers.push(next),
  };
}

function blank(): Omit<PostRecord, '_id' | 'key' | 'userId' | 'memberUrn' | 'visibility' | 'state'> {
  return {
    contentId: null,
    contentType: null,
    requestId: null,
    linkedInPostId: null,
    url: null,
    publishedAt: null,
    sentAt: null,
    failureReason: null,
    engagement: null,
    engagementCheckedAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}
