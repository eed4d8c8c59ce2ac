/**
 * A fake of the content service's internal API (GET /internal/content/:id, POST
 * /internal/content/lookup, /internal/content/:id/transition and /publication) for the tests of the services that call it
 * (LinkedIn, scheduler), built from contracts/src/internal.ts, the event contracts and the error
 * catalogue alone. Items live in memory. Like the content service it settles an item from the
 * publication reports and from the linkedin.post.* events, and keeps the engagement figures of
 * linkedin.engagement.updated, when asked to listen (`listen`).
 * The same contract cases (content-contract.ts) run against it and against the real service.
 */
import { randomBytes } from 'node:crypto';
import {
  contentLookupRequestSchema,
  publicationReportSchema,
  transitionRequestSchema,
  type ContentType,
  type EventEnvelope,
  type InternalContentItem,
  type PublicationReport,
  type TransitionRequest,
} from '@postwright/contracts';
import { createLogger } from '../../logger';
import { Messaging } from '../../messaging';
import { parseBody, Refusal, startJsonServer, type FakeRequest } from './json-server';

export interface FakeContent {
  url: string;
  /** a draft of the user's, as generating one makes it; `text` is its saved final text */
  addDraft(userId: string, options?: { text?: string; contentType?: ContentType }): InternalContentItem;
  /** the item as the content service holds it (with its owner), or undefined when there is none */
  item(id: string): InternalContentItem | undefined;
  /** the item is deleted (its owner deleted it) */
  remove(id: string): void;
  /** settles items from linkedin.post.published / failed and keeps linkedin.engagement.updated, on the namespace's bus, as the content service does */
  listen(namespace: string): Promise<void>;
  /** every call received, in order */
  calls: FakeRequest[];
  stop(): Promise<void>;
}

const NOT_PUBLISHED = ['draft', 'scheduled'];

/**
 * What a report does to an item, by the content service's publication rules: a
 * first "published" makes it published; a repeat completes the url; a failure after publishing
 * changes nothing; a final failure (unconfirmed, or a scheduled publish not tried again) sends it
 * back to draft with the reason; any other failure records the reason.
 */
function settledBy(item: InternalContentItem, report: PublicationReport, now: Date): InternalContentItem {
  const at = now.toISOString();
  if (report.outcome === 'published') {
    if (item.status !== 'published') {
      return {
        ...item,
        status: 'published',
        linkedinPostId: report.linkedinPostId,
        linkedinPostUrl: report.url,
        publishedAt: new Date(report.publishedAt).toISOString(),
        lastPublishError: null,
        publishUnconfirmed: false,
        updatedAt: at,
      };
    }
    if (item.linkedinPostId !== report.linkedinPostId) return item;
    if (item.linkedinPostUrl === report.url && !item.lastPublishError && !item.publishUnconfirmed) return item;
    return { ...item, linkedinPostUrl: report.url, lastPublishError: null, publishUnconfirmed: false, updatedAt: at };
  }
  if (!NOT_PUBLISHED.includes(item.status)) return item;
  const final = report.unconfirmed || (report.requestId !== null && !report.retryable);
  return {
    ...item,
    ...(final ? { status: 'draft' as const, scheduledFor: null } : {}),
    lastPublishError: report.reason,
    publishUnconfirmed: report.unconfirmed || item.publishUnconfirmed,
    updatedAt: at,
  };
}

function applyTransition(item: InternalContentItem, request: TransitionRequest, now: Date): InternalContentItem {
  const expected = request.expectScheduledFor;
  const matches =
    request.from.includes(item.status as 'draft' | 'scheduled') &&
    (expected === undefined || (expected === null ? item.scheduledFor === null : item.scheduledFor !== null && Date.parse(item.scheduledFor) === Date.parse(expected)));
  if (!matches) throw new Refusal('CONTENT.INVALID_TRANSITION', { status: item.status, ...(expected !== undefined ? { scheduledFor: item.scheduledFor } : {}) });
  const scheduledFor = request.to === 'scheduled' ? (request.scheduledFor ? new Date(request.scheduledFor).toISOString() : item.scheduledFor) : null;
  if (item.status === request.to && item.scheduledFor === scheduledFor) return item;
  return { ...item, status: request.to, scheduledFor, updatedAt: now.toISOString() };
}

export async function startFakeContent(options: { internalToken: string }): Promise<FakeContent> {
  const items = new Map<string, InternalContentItem>();
  const messagings: Messaging[] = [];

  const owned = (id: string, userId: string) => {
    const found = items.get(id);
    if (!found || found.userId !== userId) throw new Refusal('CONTENT.NOT_FOUND');
    return found;
  };
  const settle = (id: string, report: PublicationReport) => {
    const settled = settledBy(owned(id, report.userId), report, new Date());
    items.set(id, settled);
    return settled;
  };

  function answer(request: FakeRequest): unknown {
    if (request.method === 'POST' && request.path === '/internal/content/lookup') {
      const { items: refs } = parseBody(contentLookupRequestSchema, request.body);
      return { items: refs.map((ref) => (items.get(ref.id)?.userId === ref.userId ? items.get(ref.id)! : null)) };
    }
    return { content: route(request) };
  }

  function route({ method, path, query, body }: FakeRequest): InternalContentItem {
    const match = /^\/internal\/content\/([^/]+)(\/transition|\/publication)?$/.exec(path);
    if (!match) throw new Refusal('ROUTE.NOT_FOUND');
    const id = decodeURIComponent(match[1]);
    if (method === 'GET' && !match[2]) {
      const userId = query.get('userId');
      if (!userId) throw new Refusal('REQUEST.INVALID', { userId: 'Required' });
      return owned(id, userId);
    }
    if (method === 'POST' && match[2] === '/transition') {
      const request = parseBody(transitionRequestSchema, body);
      const moved = applyTransition(owned(id, request.userId), request, new Date());
      items.set(id, moved);
      return moved;
    }
    if (method === 'POST' && match[2] === '/publication') {
      return settle(id, parseBody(publicationReportSchema, body));
    }
    throw new Refusal('ROUTE.NOT_FOUND');
  }

  const server = await startJsonServer(options.internalToken, answer);

  return {
    url: server.url,
    calls: server.calls,
    addDraft(userId, draft = {}) {
      const now = new Date().toISOString();
      const text = draft.text ?? 'Hiring senior engineers taught me one thing: work samples beat interviews.';
      const item: InternalContentItem = {
        id: randomBytes(12).toString('hex'),
        userId,
        contentType: draft.contentType ?? 'framework',
        topic: 'Hiring senior engineers',
        generatedContent: text,
        hooks: ['Hook one', 'Hook two', 'Hook three', 'Hook four', 'Hook five'],
        hookStyles: ['claim', 'question', 'number', 'story', 'contrast'],
        selectedHook: null,
        selectedHookStyle: null,
        finalContent: draft.text ?? null,
        status: 'draft',
        createdAt: now,
        updatedAt: now,
        publishedAt: null,
        scheduledFor: null,
        linkedinPostId: null,
        linkedinPostUrl: null,
        engagement: null,
        lastPublishError: null,
        publishUnconfirmed: false,
        inputs: { industryRole: 'VP of Engineering', personalExperience: 'We rebuilt our hiring loop around work samples.', targetAudience: 'Engineering leaders', businessGoal: null },
        hasPreviousVersion: false,
      };
      items.set(item.id, item);
      return item;
    },
    item: (id) => items.get(id),
    remove: (id) => void items.delete(id),
    async listen(namespace) {
      const messaging = await Messaging.connect({
        url: process.env.AMQP_URL!,
        namespace,
        service: 'fake-content',
        logger: createLogger('fake-content', 'silent'),
        queueExpiresMs: 120_000,
      });
      messagings.push(messaging);
      const engagementAt = new Map<string, number>();
      await messaging.consume('linkedin-events', ['linkedin.post.published', 'linkedin.post.failed', 'linkedin.engagement.updated'], async (event) => {
        if (event.type === 'linkedin.engagement.updated') {
          // the latest figures win; an older or repeated report changes nothing
          const { contentId, userId, ...engagement } = (event as EventEnvelope<'linkedin.engagement.updated'>).payload;
          const item = items.get(contentId);
          const at = Date.parse(event.occurredAt);
          if (!item || item.userId !== userId || at <= (engagementAt.get(contentId) ?? -Infinity)) return;
          engagementAt.set(contentId, at);
          items.set(contentId, { ...item, engagement, updatedAt: new Date().toISOString() });
          return;
        }
        const { contentId, ...rest } = (event as EventEnvelope<'linkedin.post.published' | 'linkedin.post.failed'>).payload;
        const report = { outcome: event.type === 'linkedin.post.published' ? 'published' : 'failed', ...rest } as PublicationReport;
        try {
          settle(contentId, report);
        } catch (err) {
          if (!(err instanceof Refusal)) throw err;
        }
      });
    },
    async stop() {
      for (const messaging of messagings) await messaging.close().catch(() => undefined);
      await server.stop();
    },
  };
}
