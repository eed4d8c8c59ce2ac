import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ContentItem, ContentType, EditRequest } from '@postwright/contracts';
import { usePublishingId } from '../../../components/publishing/use-publish-flow';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAuth, useUser } from '../../../lib/auth';
import { editContent } from '../../../lib/content-api';
import { useReportPaymentOverdue } from '../../../lib/use-subscription';
import { useContentCache } from '../api/content-cache';
import { composePost, editPayload, formFromItem, splitPost } from '../components/draft-text';
import { generatorPlan } from '../components/generator-plan';
import { generateLabel } from '../components/plan-banner';
import { emptyForm, type FormErrors, type FormField, type FormValues } from '../components/generation-form';
import { SAVE_FAILED, useAutosave } from './use-autosave';
import { asType } from './draft-address';
import { useDraft } from './use-draft';
import { useDraftActions } from './use-draft-actions';
import { keptAfterCancelText } from './use-generation';
import { versionStepOf } from './use-versions';
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

/**
 * The generator's state and actions. The address says where the user is: `?draft=<id>` for a
 * draft (loaded from the server), `?type=<type>` for a new post of that type (its form kept in
 * this browser). Drafts autosave; a type switch cancels a generation in flight. One action at a
 * time (generate, Undo/Redo); while one runs, or the draft is being published, the draft and
 * its form are read-only, so nothing typed then is lost or mixed into the other version.
 */
export function useGenerator() {
  const user = useUser();
  const { updateUser, refreshUser } = useAuth();
  const reportPaymentOverdue = useReportPaymentOverdue();
  const cache = useContentCache();
  const memory = useWorkspaceMemory(user.id);
  const [params, setSearchParams] = useSearchParams();
  // the address follows the page (which draft, which type); replacing it is not a visit, so the
  // page is not scrolled back to the top (the result of a generation stays in view). Only
  // starting a new post goes back to the top, where its form is.
  const setParams = useCallback(
    (next: Record<string, string>) => setSearchParams(next, { replace: true, preventScrollReset: true }),
    [setSearchParams],
  );
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
  const publishingId = usePublishingId();
  const { confirm, dialog: confirmDialog } = useConfirm();

  const plan = generatorPlan(user);

  const openDraft = useCallback(
    (item: ContentItem) => {
      setEditor((e) => ({ type: item.contentType, form: formFromItem(item), draft: { item, ...splitPost(item) }, revision: e.revision + 1 }));
      setDetailsOpen(false);
      setErrors({});
      setFocusResult(0); // not a new result: the page is not scrolled to it (a click on the type cards would land elsewhere)
      memory.setLastType(item.contentType);
      if (item.status === 'draft') memory.rememberDraft(item.contentType, item.id);
      else memory.forgetDraft(item.id);
    },
    [memory],
  );
  const settledRef = useRef<() => Promise<void>>(async () => undefined);
  const draft = useDraft(draftParam, {
    onLoaded: openDraft,
    // the draft on screen is not read back (the sidebar's Generate link comes back to it): its edits are newer
    isOpen: (id) => current.current.draft?.item.id === id,
    beforeLoad: () => settledRef.current(),
  });

  useEffect(() => {
    refreshUser().catch(() => undefined); // the trial count as the server has it
  }, [refreshUser]);

  // a new post of a type (no draft in the address): its own draft if it has one, else its form
  useEffect(() => {
    if (draftParam) return;
    const type = typeParam ?? memory.lastType();
    if (!type) return;
    const remembered = memory.draftOf(type);
    if (remembered) return setParams({ draft: remembered });
    if (!typeParam) return setParams({ type });
    memory.setLastType(type);
    setEditor((e) => (e.type === type && !e.draft ? e : { type, form: memory.formOf(type) ?? emptyForm, draft: null, revision: e.revision + 1 }));
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
  const editable = doc?.item.status === 'draft' || doc?.item.status === 'scheduled'; // published posts are final
  const autosave = useAutosave<{ id: string; body: EditRequest } | null, ContentItem>({
    key: doc ? `${doc.item.id}#${editor.revision}` : null,
    payload: doc ? { id: doc.item.id, body: editPayload(editor.form, doc.hook, doc.body, doc.item.status) } : null,
    enabled: editable,
    save: (payload) => editContent(payload!.id, payload!.body),
    onSaved: (item) => {
      cache.stored(item);
      setEditor((e) => (e.draft?.item.id === item.id ? { ...e, draft: { ...e.draft, item } } : e));
    },
  });
  settledRef.current = autosave.settled;

  function chooseType(type: ContentType) {
    const e = current.current;
    if (type === e.type && (e.draft || !draftParam)) return;
    actions.cancel(); // a late answer never lands on another type
    setNotice(null);
    setErrors({});
    // the open draft's pending edits are still sent (autosave lets go of it with a last save)
    setEditor({ type, form: memory.formOf(type) ?? emptyForm, draft: null, revision: e.revision + 1 });
    setDetailsOpen(true);
    memory.setLastType(type);
    const remembered = memory.draftOf(type);
    setParams(remembered ? { draft: remembered } : { type });
    draft.release(remembered !== null && remembered === draftParam);
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

  const locked = Boolean(doc && doc.item.status !== 'draft');
  const publishingThis = Boolean(doc && publishingId === doc.item.id);
  const actions = useDraftActions({
    current,
    openId: doc?.item.id ?? null,
    plan,
    publishingId,
    autosave,
    confirm,
    updateUser,
    onPaymentOverdue: () => reportPaymentOverdue(user.id),
    showErrors: (found, focus) => {
      setErrors(found);
      if (focus) setFocusErrors((n) => n + 1);
    },
    clearNotice: () => setNotice(null),
    onGenerated: (content, kept) => {
      cache.added();
      draft.adopt(content);
      // the new autosave starts from the server's values (the form was read-only meanwhile)
      setEditor((e) => ({ type: content.contentType, form: formFromItem(content), draft: { item: content, ...splitPost(content) }, revision: e.revision + 1 }));
      memory.rememberDraft(content.contentType, content.id);
      setDetailsOpen(false);
      setFocusResult((n) => n + 1);
      setParams({ draft: content.id });
      if (kept) setNotice({ tone: 'info', text: keptAfterCancelText(plan) });
    },
    onSwapped: (item) => {
      cache.stored(item);
      openDraft(item);
    },
  });

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
    actions.cancel();
    setNotice(null);
    setErrors({});
    setDetailsOpen(true);
    // a new post starts at the top of the page, where its form is
    if (!type) return setSearchParams({}, { replace: true });
    const next = { ...form, topic: '', personalExperience: '', businessGoal: '' };
    memory.startOver(type, next);
    setEditor((e) => ({ type, form: next, draft: null, revision: e.revision + 1 }));
    setSearchParams({ type }, { replace: true });
  }

  return {
    user,
    plan,
    type: editor.type,
    form: editor.form,
    doc,
    postText: doc ? composePost(doc.hook, doc.body) : '',
    locked,
    busy: actions.busy,
    publishingThis,
    /** the details form cannot change now (a generation or swap runs, or the post is being published) */
    formReadOnly: actions.busy || publishingThis,
    /** the hooks and the body cannot change now (also for published posts) */
    draftReadOnly: (doc !== null && !editable) || actions.busy || publishingThis,
    generateLabel: generateLabel(doc?.item ?? null),
    versionStep: doc ? versionStepOf(doc.item) : ('undo' as const),
    load: draft.load,
    retryLoad: draft.retry,
    errors,
    focusErrors,
    focusResult,
    detailsOpen,
    setDetailsOpen,
    generating: actions.generating,
    live: actions.live,
    generationError: actions.generationError,
    generationErrorAction: actions.generationErrorAction,
    confirmDialog,
    notice,
    setNotice,
    saving,
    autosave,
    restoring: actions.restoring,
    restoreError: actions.restoreError,
    chooseType,
    editField,
    chooseHook,
    editBody,
    generate: actions.generate,
    /** Cancel while generating, before any text shows: nothing is kept, or what the server kept anyway is shown */
    cancelGeneration: actions.cancelGeneration,
    swapVersions: actions.swapVersions,
    saveNow,
    savePending,
    itemChanged,
    startOver,
  };
}

