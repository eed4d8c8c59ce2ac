/** Published posts for the insights tests, made the way the product makes them: generated, chosen, reported. */
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { http } from '@postwright/platform/src/testing';
import type { ContentType, HookStyleOrUnknown, InsightsResponse } from '@postwright/contracts';
import type { EventProbe } from '@postwright/platform/src/testing/events';
import { publishedReport, type Stack, type TestUser } from './support/stack';

export interface PostSpec {
  contentType?: ContentType;
  /** the chosen hook's style as the item stores it; left out: an item from before hooks had styles */
  hookStyle?: HookStyleOrUnknown;
  /** the published text, when its length matters */
  text?: string;
  publishedAt?: string;
}

/** A draft generated through the API, then published through the internal report (publish now, as the LinkedIn service reports it). */
export async function publishedPost(stack: Stack, user: TestUser, spec: PostSpec = {}): Promise<string> {
  const draft = await stack.draft(user, { contentType: spec.contentType ?? 'story' });
  if (spec.text !== undefined) {
    const edit = await http(stack.content.url, 'PUT', `/api/content/${draft.id}/edit`, { token: user.token, body: { editedContent: spec.text } });
    if (edit.status !== 200) throw new Error(`edit failed: ${edit.status} ${JSON.stringify(edit.body)}`);
  }
  if (spec.hookStyle !== undefined) await items(stack).updateOne({ _id: new Types.ObjectId(draft.id) }, { $set: { selectedHookStyle: spec.hookStyle } });
  const report = await stack.report(draft.id, publishedReport(user.id, `urn:li:share:${randomUUID()}`, spec.publishedAt ?? new Date().toISOString()));
  if (report.status !== 200) throw new Error(`publication report failed: ${report.status} ${JSON.stringify(report.body)}`);
  return draft.id;
}

/** LinkedIn's figures for a post, as the LinkedIn service announces them, measured at `at`. */
export async function figures(probe: EventProbe, user: TestUser, contentId: string, values: { likes?: number; comments?: number; reposts?: number; impressions?: number }, at = new Date()): Promise<void> {
  await probe.publishRaw({
    id: randomUUID(),
    type: 'linkedin.engagement.updated',
    occurredAt: at.toISOString(),
    payload: { contentId, userId: user.id, likes: 0, comments: 0, reposts: 0, impressions: 0, ...values },
  });
}

export const items = (stack: Stack) => stack.content.ctx.mongo.collection('content_items');
export const rows = (stack: Stack) => stack.content.ctx.mongo.collection<{ _id: string } & Record<string, unknown>>('insight_posts');

export async function getInsights(stack: Stack, user: TestUser, query = ''): Promise<InsightsResponse> {
  const res = await http<InsightsResponse>(stack.content.url, 'GET', `/api/insights${query}`, { token: user.token });
  if (res.status !== 200) throw new Error(`insights failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Waits until the content service has handled every event the probe sent so far. */
export const drained = (probe: EventProbe) => probe.handled({ service: 'content', name: 'linkedin-events' }, probe.sent);
