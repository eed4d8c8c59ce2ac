import { useRef, useState } from 'react';
import { TRIAL_POST_LIMIT, type ContentItem, type ContentType, type User } from '@postwright/contracts';
import type { ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { restorePreviousVersion } from '../../../lib/content-api';
import { keptAfterCancel } from '../api/generate';
import { canGenerate, type GeneratorPlan } from '../components/generator-plan';
import { generateQuestion } from '../components/plan-banner';
import { validateForm, type FormErrors, type FormValues } from '../components/generation-form';
import { SAVE_FAILED } from './use-autosave';
import { useExclusive } from './use-exclusive';
import { useGeneration } from './use-generation';
import { RESTORE_FAILED } from './use-versions';

export interface DraftActionsContext {
  /** the editor as it is now (read again after each await: the page may have moved on) */
  current: { readonly current: { type: ContentType | null; form: FormValues; draft: { item: ContentItem } | null } };
  /** the id of the post on screen (its failures are shown, another's are not) */
  openId: string | null;
  plan: GeneratorPlan;
  /** the item being published in this tab: it is not generated again or swapped meanwhile */
  publishingId: string | null;
  autosave: { flush: () => Promise<unknown>; discard: () => void };
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  updateUser: (next: Partial<User>) => void;
  /** a generation was refused because a renewal is unpaid past its grace period */
  onPaymentOverdue: () => void;
  /** the form's errors (its own rules or the server's); `focus`: the first one takes focus */
  showErrors: (errors: FormErrors, focus: boolean) => void;
  clearNotice: () => void;
  /** a new draft, or the open one written again, replaces what is on screen (`kept`: after a Cancel that came too late) */
  onGenerated: (content: ContentItem, kept?: boolean) => void;
  /** the draft's other version (Undo/Redo) replaces what is on screen */
  onSwapped: (item: ContentItem) => void;
}

type Running = 'confirming' | 'generating' | 'restoring';

/**
 * Generate (a first post, again in place, or a new post from a published one) and Undo/Redo
 * of "Generate again". One at a time, taken synchronously so a double click
 * runs once; pending edits are saved first (nothing is replaced while they cannot be); what
 * the old version still had pending is dropped when the server's replaces it; a call that was
 * called off (`cancel`: the type changed, a new post) lands nowhere.
 */
export function useDraftActions(context: DraftActionsContext) {
  const ctx = useRef(context);
  ctx.current = context;
  const generation = useGeneration();
  const guard = useExclusive<Running>();
  const { refreshUser } = useAuth();
  /** why the last action did not run: its edits could not be saved, or the swap failed */
  const [failure, setFailure] = useState<{ kind: 'generate' | 'versions'; id: string | null; text: string } | null>(null);

  async function generateNow(token: number) {
    const { current, plan, confirm, autosave, showErrors, updateUser, publishingId } = ctx.current;
    const { type, form, draft: open } = current.current;
    if (!type || !canGenerate(plan, open?.item ?? null) || (open && publishingId === open.item.id)) return;
    const { errors, request } = validateForm(type, form);
    showErrors(errors, !request);
    if (!request) return;
    const again = open?.item.status === 'draft' ? open.item : null;
    // on a trial, any generation from an open post says what it does and costs before it runs
    if (open && !plan.unlimited) {
      if (!(await confirm(generateQuestion(open.item, plan)))) return;
      if (!guard.holds(token) || current.current.draft?.item.id !== open.item.id) return; // the page moved on
    }
    guard.phase(token, 'generating');
    ctx.current.clearNotice();
    if (again) {
      // the replaced version keeps the latest edits: nothing is replaced while they cannot be saved
      try {
        await autosave.flush();
      } catch (error) {
        if (guard.holds(token)) setFailure({ kind: 'generate', id: again.id, text: errorMessage(error, SAVE_FAILED) });
        return;
      }
      if (!guard.holds(token)) return;
    }
    const outcome = await generation.run(again ? { ...request, contentId: again.id } : request);
    if (outcome.kind === 'cancelled') return;
    if (outcome.kind === 'failed') {
      // the trial's end or its posts, as the server said: the banner and the submit rule follow at once
      if (outcome.trialEnded) updateUser({ trialEndsAt: new Date(Math.min(Date.parse(outcome.trialEnded) || Date.now(), Date.now())).toISOString() });
      else if (outcome.trialExhausted) updateUser({ trialPostsUsed: TRIAL_POST_LIMIT, usage: { used: TRIAL_POST_LIMIT, allowance: TRIAL_POST_LIMIT, resetsAt: null } });
      const allowance = outcome.planLimit ? (outcome.planLimit.allowance ?? plan.allowance) : null;
      // the server says the month is used up: the banner and the submit rule follow at once
      if (outcome.planLimit && allowance !== null) updateUser({ usage: { used: allowance, allowance, resetsAt: outcome.planLimit.resetsAt ?? plan.resetsAt } });
      if (outcome.paymentOverdue) ctx.current.onPaymentOverdue();
      if (Object.keys(outcome.fieldErrors).length) showErrors(outcome.fieldErrors, true);
      return;
    }
    const { content, user: counts } = outcome.response;
    if (typeof counts?.trialPostsRemaining === 'number') updateUser({ trialPostsUsed: Math.max(0, TRIAL_POST_LIMIT - counts.trialPostsRemaining) });
    if (counts?.usage) updateUser({ usage: counts.usage });
    if (!guard.holds(token) || content.contentType !== current.current.type) return;
    if (again) ctx.current.autosave.discard(); // replaced from the server: nothing of the old version is sent after it
    ctx.current.onGenerated(content);
  }

  async function generate() {
    const token = guard.start('confirming'); // taken at once: a second click does nothing
    if (token === null) return;
    setFailure(null);
    try {
      await generateNow(token);
    } finally {
      guard.end(token);
    }
  }

  /**
   * Undo of "Generate again", or Redo after an Undo. The service keeps one other version and
   * POST /api/content/:id/restore-previous swaps it with the current one (so a second call
   * redoes); the item it answers says which way the next swap goes.
   */
  async function swapVersions() {
    const { current, publishingId, autosave } = ctx.current;
    const open = current.current.draft?.item;
    if (!open || open.status !== 'draft' || publishingId === open.id) return;
    const token = guard.start('restoring');
    if (token === null) return;
    setFailure(null);
    const failed = (error: unknown, fallback: string) => {
      if (guard.holds(token)) setFailure({ kind: 'versions', id: open.id, text: errorMessage(error, fallback) });
    };
    try {
      try {
        await autosave.flush(); // the version set aside keeps the latest edits
      } catch (error) {
        return failed(error, SAVE_FAILED);
      }
      if (!guard.holds(token)) return;
      let item: ContentItem;
      try {
        item = await restorePreviousVersion(open.id);
      } catch (error) {
        return failed(error, RESTORE_FAILED);
      }
      if (!guard.holds(token) || current.current.draft?.item.id !== item.id) return;
      ctx.current.autosave.discard();
      ctx.current.onSwapped(item);
    } finally {
      guard.end(token);
    }
  }

  /**
   * The type changed or a new post starts: what runs lands nowhere, and the page is free again
   * (a generation that had shown text is still finished, stored and counted by the server).
   */
  function cancel() {
    generation.cancel();
    guard.reset();
    setFailure(null);
  }

  /**
   * Cancel, pressed while the post was being written. One that crossed the server's first text (or
   * its answer) on the wire came too late: the server keeps that post, so it is shown, as stored.
   */
  async function cancelGeneration() {
    const before = ctx.current.current.current;
    const stopped = generation.cancel();
    guard.reset();
    setFailure(null);
    if (!stopped) return;
    const open = before.draft?.item ?? null;
    const kept = await keptAfterCancel(stopped, open?.id === stopped.request.contentId ? open : null).catch(() => null);
    // only onto the page as Cancel left it: nothing typed, switched or started since
    if (!kept || ctx.current.current.current !== before) return;
    const token = guard.start('generating');
    if (token === null) return;
    if (kept.id === open?.id) ctx.current.autosave.discard();
    ctx.current.onGenerated(kept, true);
    guard.end(token);
    void refreshUser().catch(() => undefined); // counted by the server, not by an answer here
  }

  const { openId } = context;
  return {
    generate,
    swapVersions,
    cancel,
    cancelGeneration,
    /** generating, restoring, or asking first: the draft and its form are read-only */
    busy: guard.running !== null || generation.generating,
    generating: guard.running === 'generating' || generation.generating,
    /** the post as it is being written (streamed), while a generation runs */
    live: generation.live,
    restoring: guard.running === 'restoring',
    generationError: generation.error ?? (failure?.kind === 'generate' && failure.id === openId ? failure.text : null),
    generationErrorAction: generation.error ? generation.errorAction : null,
    restoreError: failure?.kind === 'versions' && failure.id === openId ? failure.text : null,
  };
}
