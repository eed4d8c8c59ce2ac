/**
 * A small stand-in for the content service's drafts, for the generator's tests: generate
 * (new: 201, or again in place with `contentId`: 200, the replaced text kept as the previous
 * version), GET one, PUT edit, restore-previous. Like the service, restore-previous SWAPS the
 * draft's text and form with its previous version and `hasPreviousVersion` stays true, so a
 * second call redoes (`previousVersionIsNewer` says which way the next one goes). It keeps the items between renders, so a test can "refresh" by rendering
 * the app again on the same store.
 */
import { HOOK_COUNT, type ContentItem, type EditRequest, type GenerateRequest, type Usage } from '@postwright/contracts';
import type { FakeCall, FakeReply } from './fake-api';
import { buildItem } from './screens';

type Handler = (call: FakeCall) => FakeReply | 'network-error' | Promise<FakeReply | 'network-error'>;

/** What "Generate again" replaces and restore-previous swaps (the service's ContentVersion). */
type Version = Pick<ContentItem, 'topic' | 'inputs' | 'generatedContent' | 'hooks' | 'hookStyles' | 'selectedHook' | 'selectedHookStyle' | 'finalContent'>;

function versionOf({ topic, inputs, generatedContent, hooks, hookStyles, selectedHook, selectedHookStyle, finalContent }: ContentItem): Version {
  return { topic, inputs, generatedContent, hooks, hookStyles, selectedHook, selectedHookStyle, finalContent };
}

/** The chosen hook's style after an edit, as the service keeps it: the hook's own, else the one before (its text edited). */
function styleAfterEdit(item: ContentItem, selectedHook: string | null): ContentItem['selectedHookStyle'] {
  if (selectedHook === null) return null;
  const index = item.hooks.indexOf(selectedHook);
  return index >= 0 ? (item.hookStyles[index] ?? 'unknown') : (item.selectedHookStyle ?? 'unknown');
}

export interface ContentStoreOptions {
  items?: ContentItem[];
  /** the ids new drafts get, in order (their routes are registered up front) */
  ids?: string[];
  /** null for unlimited plans */
  trialPostsRemaining?: number | null;
  /** a plan's usage before the first generation (each one counts a post); by default the trial's */
  usage?: Usage;
  /** holds each generate answer until the returned promise resolves */
  beforeGenerate?: (request: GenerateRequest) => Promise<void> | void;
  /** like the service, each new draft may be generated again this many times without a post (none said: an older service) */
  freeRegenerations?: number;
}

/** The service's answer to changing an item that is no longer a draft. */
function notEditable(item: ContentItem, action: 'edited' | 'generated again' | 'restored'): FakeReply {
  const error = `${item.status === 'published' ? 'Published' : 'Scheduled'} posts cannot be ${action}.`;
  return { status: 409, body: { error, code: 'CONTENT.NOT_EDITABLE', details: { status: item.status } } };
}

/** The `user` of a generate answer: the trial's posts left, and the usage (nothing counted when unlimited). */
export function answeredUser(trialPostsRemaining: number | null) {
  const usage = trialPostsRemaining === null ? { used: 0, allowance: null, resetsAt: null } : { used: 3 - trialPostsRemaining, allowance: 3, resetsAt: null };
  return { trialPostsRemaining, usage };
}

export function contentStore({ items = [], ids = ['d1', 'd2', 'd3'], trialPostsRemaining = 2, usage, beforeGenerate, freeRegenerations }: ContentStoreOptions = {}) {
  const byId = new Map(items.map((item) => [item.id, item]));
  const previous = new Map<string, Version>();
  const free = ids.filter((id) => !byId.has(id));
  let remaining = trialPostsRemaining;
  let generations = 0;
  const counted = () => (usage ? { trialPostsRemaining: null, usage: { ...usage, used: usage.used + generations } } : answeredUser(remaining));

  const handlers: Record<string, Handler> = {
    'POST /api/content/generate': async (call) => {
      const request = call.body as GenerateRequest;
      await beforeGenerate?.(request);
      const old = request.contentId ? byId.get(request.contentId) : undefined;
      if (request.contentId && !old) return { status: 404, body: { error: 'Content not found', code: 'CONTENT.NOT_FOUND' } };
      if (old && old.status !== 'draft') return notEditable(old, 'generated again');
      generations += 1;
      const freeRun = Boolean(old && (old.freeRegenerationsLeft ?? 0) > 0);
      if (remaining !== null && !freeRun) remaining = Math.max(0, remaining - 1);
      const inputs = {
        industryRole: request.industryRole,
        personalExperience: request.personalExperience,
        targetAudience: request.targetAudience,
        businessGoal: request.businessGoal ?? null,
      };
      const hooks = Array.from({ length: HOOK_COUNT }, (_, i) => `${request.contentType} hook ${i + 1} (take ${generations})`);
      const hookStyles = ['claim', 'question', 'number', 'story', 'contrast'] as const;
      const text = { generatedContent: `Body of take ${generations} about ${request.topic}.`, hooks, hookStyles: [...hookStyles], selectedHook: null, selectedHookStyle: null, finalContent: null };
      if (old) {
        previous.set(old.id, versionOf(old));
        const next = { ...old, ...text, topic: request.topic, inputs, hasPreviousVersion: true, previousVersionIsNewer: false, ...(freeRun ? { freeRegenerationsLeft: old.freeRegenerationsLeft! - 1 } : {}) };
        byId.set(old.id, next);
        return { status: 200, body: { content: next, user: counted() } };
      }
      const id = free.shift() ?? `d${byId.size + 1}`;
      const created = buildItem({ id, contentType: request.contentType, topic: request.topic, inputs, ...text, ...(freeRegenerations === undefined ? {} : { freeRegenerationsLeft: freeRegenerations }) });
      byId.set(id, created);
      return { status: 201, body: { content: created, user: counted() } };
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
      // a scheduled post is edited too, and stays scheduled at its time
      if (item.status === 'published') return notEditable(item, 'edited');
      const edit = call.body as EditRequest;
      const selectedHook = edit.selectedHook === undefined ? item.selectedHook : edit.selectedHook;
      const next: ContentItem = {
        ...item,
        finalContent: edit.editedContent,
        selectedHook,
        selectedHookStyle: edit.selectedHook === undefined ? item.selectedHookStyle : styleAfterEdit(item, selectedHook),
        topic: edit.topic ?? item.topic,
        inputs: { ...item.inputs, ...edit.inputs },
      };
      byId.set(id, next);
      return { body: { content: next } };
    };
    handlers[`POST /api/content/${id}/restore-previous`] = () => {
      const item = byId.get(id);
      if (!item) return { status: 404, body: { error: 'Content not found', code: 'CONTENT.NOT_FOUND' } };
      if (item.status !== 'draft') return notEditable(item, 'restored');
      const old = previous.get(id);
      if (!old) return { status: 409, body: { error: 'There is no previous version of this draft to restore.', code: 'CONTENT.NO_PREVIOUS_VERSION' } };
      // a swap: the current text becomes the previous one, so a second call redoes
      previous.set(id, versionOf(item));
      const restored: ContentItem = { ...item, ...old, hasPreviousVersion: true, previousVersionIsNewer: !item.previousVersionIsNewer };
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
