import { useCallback, useEffect, useRef, useState } from 'react';
import type { GenerateRequest, GenerateResponse } from '@postwright/contracts';
import { generateContent, generationErrorMessage } from '../api/generate';
import { serverFieldErrors, type FormErrors } from '../components/generation-form';

export type GenerationOutcome =
  | { kind: 'done'; response: GenerateResponse }
  | { kind: 'failed'; fieldErrors: FormErrors; trialExhausted: boolean }
  /** cancelled (the type changed) or overtaken by a newer run: its answer is dropped */
  | { kind: 'cancelled' };

/**
 * One generation at a time (spec section 4: idle, generating, preview shown). A run that is
 * cancelled, or overtaken by a newer one, is aborted and its answer, should it still come, is
 * dropped: it can never land on another content type.
 */
export function useGeneration() {
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<{ id: number; controller: AbortController } | null>(null);
  const sequence = useRef(0);

  const cancel = useCallback(() => {
    current.current?.controller.abort();
    current.current = null;
    setGenerating(false);
    setError(null);
  }, []);

  useEffect(() => () => current.current?.controller.abort(), []);

  const run = useCallback(async (request: GenerateRequest): Promise<GenerationOutcome> => {
    current.current?.controller.abort();
    const id = ++sequence.current;
    const controller = new AbortController();
    current.current = { id, controller };
    const stale = () => current.current?.id !== id;
    setGenerating(true);
    setError(null);
    try {
      const response = await generateContent(request, controller.signal);
      if (stale()) return { kind: 'cancelled' };
      current.current = null;
      setGenerating(false);
      return { kind: 'done', response };
    } catch (failure) {
      if (stale() || controller.signal.aborted) return { kind: 'cancelled' };
      current.current = null;
      setGenerating(false);
      const fieldErrors = serverFieldErrors(failure);
      const mapped = generationErrorMessage(failure);
      // a refusal about a field is shown on that field, not as a banner
      setError(Object.keys(fieldErrors).length ? null : mapped.message);
      return { kind: 'failed', fieldErrors, trialExhausted: mapped.trialExhausted };
    }
  }, []);

  const clearError = useCallback(() => setError(null), []);

  return { generating, error, run, cancel, clearError };
}
