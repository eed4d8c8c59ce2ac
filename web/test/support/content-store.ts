/**
 * A small stand-in for the content service's drafts (issue #18 generator tests): generate
 * (new, or again in place with `contentId`), GET one, PUT edit, restore-previous. It keeps the
 * items between renders, so a test can "refresh" by rendering the app again on the same store.
 */
import { HOOK_COUNT, type ContentItem, type EditRequest, type GenerateRequest } from '@postwright/contracts';
import type { FakeCall, FakeReply } from './fake-api';
import { buildItem } from './screens';

type Handler = (call: FakeCall) => FakeReply | 'network-error' | Promise<FakeReply | 'network-error'>;

export interface ContentStoreOptions {
  items?: ContentItem[];
  /** the ids new drafts get, in order (their routes are registered up front) */
  ids?: string[];
  /** null for unlimited plans */
  trialPostsRemaining?: number | null;
  /** holds each generate answer until the returned promise resolves */
  beforeGenerate?: (request: GenerateRequest) => Promise<void> | void;
}

export function contentStore({ items = [], ids = ['d1', 'd2', 'd3'], trialPostsRemaining = 2, beforeGenerate }: ContentStoreOptions = {}) {
  const byId = new Map(items.map((item) => [item.id, item]));
  const previous = new Map<string, ContentItem>();
  const free = ids.filter((id) => !byId.has(id));
  let remaining = trialPostsRemaining;
  let generations = 0;

  const handlers: Record<string, Handler> = {
    'POST /api/content/generate': async (call) => {
      const request = call.body as GenerateRequest;
      await beforeGenerate?.(request);
      generations += 1;
      if (remaining !== null) remaining = Math.max(0, remaining - 1);
      const inputs = {
        industryRole: request.industryRole,
        personalExperience: request.personalExperience,
        targetAudience: request.targetAudience,
        businessGoal: request.businessGoal ?? null,
      };
      const hooks = Array.from({ length: HOOK_COUNT }, (_, i) => `${request.contentType} hook ${i + 1} (take ${generations})`);
      const text = { generatedContent: `Body of take ${generations} about ${request.topic}.`, hooks, selectedHook: null, finalContent: null };
      if (request.contentId) {
        const old = byId.get(request.contentId);
        if (!old) return { status: 404, body: { error: 'Content not found', code: 'CONTENT.NOT_FOUND' } };
        previous.set(old.id, old);
        const next = { ...old, ...text, topic: request.topic, inputs, hasPreviousVersion: true };
        byId.set(old.id, next);
        return { status: 201, body: { content: next, user: { trialPostsRemaining: remaining } } };
      }
      const id = free.shift() ?? `d${byId.size + 1}`;
      const created = buildItem({ id, contentType: request.contentType, topic: request.topic, inputs, ...text });
      byId.set(id, created);
      return { status: 201, body: { content: created, user: { trialPostsRemaining: remaining } } };
    },
  };

  for (const id of [...ids, ...byId.keys()]) {
    handlers[`GET /api/content/${id}`] = () => {
      const item = byId.get(id);
      return item ? { body: { content: item } } : { status: 404, body: { error: 'Content not found', code: 'CONTENT.NOT_FOUND' } };
    };
    handlers[`PUT /api/content/${id}/edit`] = (call) => {
      const item = byId.get(id);
      if (!item) return { status: 404, body: { error: 'Content not found', code: 'CONTENT.NOT_FOUND' } };
      const edit = call.body as EditRequest;
      const next: ContentItem = {
        ...item,
        finalContent: edit.editedContent,
        selectedHook: edit.selectedHook === undefined ? item.selectedHook : edit.selectedHook,
        topic: edit.topic ?? item.topic,
        inputs: { ...item.inputs, ...edit.inputs },
      };
      byId.set(id, next);
      return { body: { content: next } };
    };
    handlers[`POST /api/content/${id}/restore-previous`] = () => {
      const old = previous.get(id);
      if (!old) return { status: 409, body: { error: 'There is no previous version to restore', code: 'CONTENT.NO_PREVIOUS_VERSION' } };
      previous.delete(id);
      const restored = { ...old, hasPreviousVersion: false };
      byId.set(id, restored);
      return { body: { content: restored } };
    };
  }

  return {
    handlers,
    get: (id: string) => byId.get(id),
    get generations() {
      return generations;
    },
  };
}
