import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { contentTypes, hasUnlimitedPosts, TRIAL_POST_LIMIT, type ContentItem, type ContentType, type EditRequest } from '@postwright/contracts';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAuth, useUser } from '../../../lib/auth';
import { editContent } from '../../../lib/content-api';
import { trialPostsLeft } from '../../../lib/user';
import { composePost, editPayload, formFromItem, splitPost } from '../components/draft-text';
import { trialUseWarning } from '../components/plan-banner';
import { emptyForm, validateForm, type FormErrors, type FormField, type FormValues } from '../components/generation-form';
import { SAVE_FAILED, useAutosave } from './use-autosave';
import { useDraft } from './use-draft';
import { useGeneration } from './use-generation';
import { useWorkspaceMemory } from './use-workspace-memory';

export const DRAFT_SAVED = 'Draft saved.';

export interface Notice {
  tone: 'success' | 'danger' | 'info';
  text: string;
  link?: { href: string; label: string; external?: boolean };
}

interface DraftDoc {
  item: ContentItem;
  hook: string | null;
  body: string;
}

/** Everything the user is working on, replaced in one piece so autosave never mixes two drafts. */
interface Editor {
  type: ContentType | null;
  form: FormValues;
  draft: DraftDoc | null;
  /** bumps whenever the draft is replaced from the server (opened, generated again, undone) */
  revision: number;
}

function asType(value: string | null): ContentType | null {
  return value !== null && (contentTypes as readonly string[]).includes(value) ? (value as ContentType) : null;
}

/** The address of a draft (issue #18): where to come back to. */
export function draftPath(id: string): string {
  return `${paths.content}?draft=${encodeURIComponent(id)}`;
}

/**
 * The generator's state and actions. The address says where the user is: `?draft=<id>` for a
 * draft (loaded from the server), `?type=<type>` for a new post of that type (its form kept in
 * this browser). Drafts autosave; a type switch cancels a generation in flight.
 */
export function useGenerator() {
  const user = useUser();
  const { updateUser, refreshUser } = useAuth();
  const memory = useWorkspaceMemory(user.id);
  const [params, setParams] = useSearchParams();
  const draftParam = params.get('draft');
  const typeParam = asType(params.get('type'));
  const [editor, setEditor] = useState<Editor>({ type: null, form: emptyForm, draft: null, revision: 0 });
  const current = useRef(editor);
  current.current = editor;
  const [errors, setErrors] = useState<FormErrors>({});
  const [focusErrors, setFocusErrors] = useState(0);
  const [focusResult, setFocusResult] = useState(0);
  const [detailsOpen, setDetailsOpen] = useState(true);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);
  const generation = useGeneration();
  const { confirm, dialog: confirmDialog } = useConfirm();

  const unlimited = hasUnlimitedPosts(user);
  const left = trialPostsLeft(user);
  const exhausted = !unlimited && left === 0;

  const openDraft = useCallback(
    (item: ContentItem) => {
      setEditor((e) => ({ type: item.contentType, form: formFromItem(item), draft: { item, ...splitPost(item) }, revision: e.revision + 1 }));
      setDetailsOpen(false);
      setErrors({});
      memory.setLastType(item.contentType);
      if (item.status === 'draft') memory.rememberDraft(item.contentType, item.id);
      else memory.forgetDraft(item.id);
    },
    [memory],
  );
  const settledRef = useRef<() => Promise<void>>(async () => undefined);
  const draft = useDraft(draftParam, openDraft, () => settledRef.current());

  useEffect(() => {
    refreshUser().catch(() => undefined); // the trial count as the server has it
  }, [refreshUser]);

  // a new post of a type (no draft in the address): its own draft if it has one, else its form
  useEffect(() => {
    if (draftParam) return;
    const type = typeParam ?? memory.lastType();
    if (!type) return;
    const remembered = memory.draftOf(type);
    if (remembered) return setParams({ draft: remembered }, { replace: true });
    if (!typeParam) return setParams({ type }, { replace: true });
    memory.setLastType(type);
    setEditor((e) => (e.type === type && !e.draft ? e : { type, form: memory.formOf(type) ?? e.form, draft: null, revision: e.revision + 1 }));
    setDetailsOpen(true);
  }, [draftParam, typeParam, memory, setParams]);

  useEffect(() => {
    if (draft.load.status === 'missing') memory.forgetDraft(draft.load.id);
  }, [draft.load, memory]);

  // the form typed before a first generation is kept per type (a draft keeps its own)
  useEffect(() => {
    if (editor.type && !editor.draft && !draftParam) memory.saveForm(editor.type, editor.form);
  }, [editor.type, editor.form, editor.draft, draftParam, memory]);

  const doc = editor.draft;
  const autosave = useAutosave<{ id: string; body: EditRequest } | null, ContentItem>({
    key: doc ? `${doc.item.id}#${editor.revision}` : null,
    payload: doc ? { id: doc.item.id, body: editPayload(editor.form, doc.hook, doc.body) } : null,
    enabled: doc?.item.status === 'draft',
    save: (payload) => editContent(payload!.id, payload!.body),
    onSaved: (item) => setEditor((e) => (e.draft?.item.id === item.id ? { ...e, draft: { ...e.draft, item } } : e)),
  });
  settledRef.current = autosave.settled;

  function chooseType(type: ContentType) {
    const e = current.current;
    if (type === e.type && (e.draft || !draftParam)) return;
    generation.cancel(); // a late answer never lands on another type
    setNotice(null);
    setErrors({});
    // the open draft's pending edits are still sent (autosave lets go of it with a last save)
    setEditor({ type, form: memory.formOf(type) ?? e.form, draft: null, revision: e.revision + 1 });
    setDetailsOpen(true);
    memory.setLastType(type);
    const remembered = memory.draftOf(type);
    setParams(remembered ? { draft: remembered } : { type }, { replace: true });
  }

  function editField(field: FormField, value: string) {
    setEditor((e) => ({ ...e, form: { ...e.form, [field]: value } }));
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function chooseHook(hook: string) {
    setEditor((e) => (e.draft ? { ...e, draft: { ...e.draft, hook } } : e));
  }

  function editBody(body: string) {
    setEditor((e) => (e.draft ? { ...e, draft: { ...e.draft, body } } : e));
  }

  async function generate() {
    const { type, form, draft: open } = current.current;
    if (!type || exhausted || generation.generating) return;
    const { errors: found, request } = validateForm(type, form);
    setErrors(found);
    if (!request) return setFocusErrors((n) => n + 1);
    const again = open?.item.status === 'draft' ? open.item : null;
    // on a trial, say what it costs before it runs
    if (again && !unlimited) {
      const message = `${trialUseWarning(left)} The new text replaces this draft's; you can undo it.`;
      if (!(await confirm({ title: 'Generate again?', message, confirmLabel: 'Generate again' }))) return;
      if (current.current.draft?.item.id !== again.id) return; // the page moved on meanwhile
    }
    setNotice(null);
    if (again) await autosave.flush().catch(() => undefined); // the replaced version keeps the latest edits
    const outcome = await generation.run(again ? { ...request, contentId: again.id } : request);
    if (outcome.kind === 'cancelled') return;
    if (outcome.kind === 'failed') {
      if (outcome.trialExhausted) updateUser({ trialPostsUsed: TRIAL_POST_LIMIT });
      if (Object.keys(outcome.fieldErrors).length) {
        setErrors(outcome.fieldErrors);
        setFocusErrors((n) => n + 1);
      }
      return;
    }
    const { content, user: counts } = outcome.response;
    if (typeof counts?.trialPostsRemaining === 'number') updateUser({ trialPostsUsed: Math.max(0, TRIAL_POST_LIMIT - counts.trialPostsRemaining) });
    if (content.contentType !== current.current.type) return;
    draft.adopt(content);
    setEditor((e) => ({ ...e, type: content.contentType, draft: { item: content, ...splitPost(content) }, revision: e.revision + 1 }));
    memory.rememberDraft(content.contentType, content.id);
    setDetailsOpen(false);
    setFocusResult((n) => n + 1);
    setParams({ draft: content.id }, { replace: true });
  }

  async function undo() {
    const open = current.current.draft;
    if (!open) return;
    await autosave.flush().catch(() => undefined);
    const item = await draft.restorePrevious(open.item.id);
    if (item && current.current.draft?.item.id === item.id) openDraft(item);
  }

  /** Saves what is pending now; the item as the server has it after. */
  const { flush } = autosave;
  const savePending = useCallback(async (): Promise<ContentItem> => {
    const saved = await flush();
    const item = saved ?? current.current.draft?.item;
    if (!item) throw new Error('No content to post');
    return item;
  }, [flush]);

  async function saveNow() {
    setSaving(true);
    setNotice(null);
    try {
      await savePending();
      setNotice({ tone: 'success', text: DRAFT_SAVED, link: { href: paths.contentManagement, label: 'View in Content Management' } });
    } catch (failure) {
      setNotice({ tone: 'danger', text: errorMessage(failure, SAVE_FAILED) });
    } finally {
      setSaving(false);
    }
  }

  /** Published, scheduled or back to a draft (from the publish flow). */
  const itemChanged = useCallback(
    (item: ContentItem) => {
      setEditor((e) => (e.draft?.item.id === item.id ? { ...e, draft: { ...e.draft, item } } : e));
      if (item.status === 'draft') memory.rememberDraft(item.contentType, item.id);
      else memory.forgetDraft(item.id);
    },
    [memory],
  );

  /** Leaves the draft (it stays saved) for a fresh form of the same type. */
  function startOver() {
    const { type, form } = current.current;
    generation.cancel();
    setNotice(null);
    setErrors({});
    setDetailsOpen(true);
    if (!type) return setParams({}, { replace: true });
    const next = { ...form, topic: '', personalExperience: '', businessGoal: '' };
    memory.startOver(type, next);
    setEditor((e) => ({ type, form: next, draft: null, revision: e.revision + 1 }));
    setParams({ type }, { replace: true });
  }

  return {
    user,
    plan: { unlimited, left, exhausted, beta: unlimited && user.subscriptionTier === 'beta' },
    type: editor.type,
    form: editor.form,
    doc,
    postText: doc ? composePost(doc.hook, doc.body) : '',
    locked: Boolean(doc && doc.item.status !== 'draft'),
    load: draft.load,
    retryLoad: draft.retry,
    errors,
    focusErrors,
    focusResult,
    detailsOpen,
    setDetailsOpen,
    generating: generation.generating,
    generationError: generation.error,
    confirmDialog,
    notice,
    setNotice,
    saving,
    autosave,
    restoring: draft.restoring,
    restoreError: draft.restoreError,
    chooseType,
    editField,
    chooseHook,
    editBody,
    generate,
    undo,
    saveNow,
    savePending,
    itemChanged,
    startOver,
  };
}

export type Generator = ReturnType<typeof useGenerator>;
