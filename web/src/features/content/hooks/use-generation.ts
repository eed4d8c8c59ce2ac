import { useCallback, useEffect, useRef, useState } from 'react';
import { HOOK_COUNT, type GenerateRequest, type GenerateResponse } from '@postwright/contracts';
import { generateContent, generationErrorMessage, type GenerationProgress, type StoppedGeneration } from '../api/generate';
import { serverFieldErrors, type FormErrors } from '../components/generation-form';

export type GenerationOutcome =
  | { kind: 'done'; response: GenerateResponse }
  | {
      kind: 'failed';
      fieldErrors: FormErrors;
      trialExhausted: boolean;
      planLimit: { resetsAt: string | null; allowance: number | null } | null;
      paymentOverdue: boolean;
      /** the trial ended by its date (or a subscription ended it): when */
      trialEnded?: string;
    }
  /** cancelled (the type changed) or overtaken by a newer run: its answer is dropped */
  | { kind: 'cancelled' };

/** The post as it is being written: the body so far and the hooks completed so far, by position. */
export interface LivePost {
  body: string;
  /** HOOK_COUNT places; null until that hook is complete */
  hooks: ReadonlyArray<string | null>;
  /** text has been shown: the server now finishes, stores and counts the post even if it is cancelled */
  started: boolean;
}

/** Cancel came too late: writing had started on the server, which finished, stored and counted the post. */
export function keptAfterCancelText(plan: { unlimited: boolean }): string {
  return plan.unlimited
    ? 'Writing had already started when you cancelled: the post is saved as a draft.'
    : 'Writing had already started when you cancelled: this post counts and is saved as a draft.';
}

const blankPost: LivePost = { body: '', hooks: Array.from({ length: HOOK_COUNT }, () => null), started: false };

function written(post: LivePost, progress: GenerationProgress): LivePost {
  switch (progress.event) {
    case 'body':
      return { ...post, body: post.body + progress.data.delta, started: true };
    case 'hook':
      return { ...post, hooks: post.hooks.map((hook, index) => (index === progress.data.index ? progress.data.text : hook)) };
    case 'reset':
      // the writer starts over: nothing shown so far stands (but the post was started)
      return { ...blankPost, started: post.started };
  }
}

/**
 * One generation at a time (idle, generating, preview shown). A run that is
 * cancelled, or overtaken by a newer one, is aborted and its answer, should it still come, is
 * dropped: it can never land on another content type. While it runs, `live` is the post as the
 * server streams it; it is gone once the run ends (the stored item takes its place). Calling a
 * run off costs nothing only until body text has arrived (`live.started`): from then on the
 * server finishes the post, stores it and counts it whoever hangs up.
 */
export function useGeneration() {
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** the way forward the error offers: paying the overdue renewal */
  const [errorAction, setErrorAction] = useState<'update-payment' | null>(null);
  const [live, setLive] = useState<LivePost | null>(null);
  const current = useRef<{ id: number; controller: AbortController; stopped: StoppedGeneration } | null>(null);
  const sequence = useRef(0);

  /** Calls the run off (its answer, should it come, is dropped); what it had asked, when one was running. */
  const cancel = useCallback((): StoppedGeneration | null => {
    const running = current.current;
    running?.controller.abort();
    current.current = null;
    setGenerating(false);
    setLive(null);
    setError(null);
    setErrorAction(null);
    return running ? running.stopped : null;
  }, []);

  useEffect(() => () => current.current?.controller.abort(), []);

  const run = useCallback(async (request: GenerateRequest): Promise<GenerationOutcome> => {
    current.current?.controller.abort();
    const id = ++sequence.current;
    const controller = new AbortController();
    const stopped: StoppedGeneration = { request, openedAt: null };
    current.current = { id, controller, stopped };
    const stale = () => current.current?.id !== id;
    setGenerating(true);
    setLive(blankPost);
    setError(null);
    setErrorAction(null);
    const progress = (piece: GenerationProgress) => {
      if (!stale()) setLive((post) => written(post ?? blankPost, piece));
    };
    try {
      const response = await generateContent(request, controller.signal, progress, (at) => (stopped.openedAt = at));
      if (stale()) return { kind: 'cancelled' };
      current.current = null;
      setGenerating(false);
      setLive(null);
      return { kind: 'done', response };
    } catch (failure) {
      if (stale() || controller.signal.aborted) return { kind: 'cancelled' };
      current.current = null;
      setGenerating(false);
      setLive(null);
      const fieldErrors = serverFieldErrors(failure);
      const mapped = generationErrorMessage(failure);
      // a refusal about a field is shown on that field, not as a banner
      setError(Object.keys(fieldErrors).length ? null : mapped.message);
      setErrorAction(mapped.paymentOverdue ? 'update-payment' : null);
      return { kind: 'failed', fieldErrors, trialExhausted: mapped.trialExhausted, planLimit: mapped.planLimit ?? null, paymentOverdue: mapped.paymentOverdue === true, trialEnded: mapped.trialEnded };
    }
  }, []);

  const clearError = useCallback(() => {
    setError(null);
    setErrorAction(null);
  }, []);

  return { generating, live, error, errorAction, run, cancel, clearError };
}
