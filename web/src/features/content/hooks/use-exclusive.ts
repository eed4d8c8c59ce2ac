import { useCallback, useRef, useState } from 'react';

/**
 * One action at a time, decided synchronously: a second click in the same
 * instant finds the ref taken and does nothing, and the state disables the buttons on the next
 * render. `start` hands a token; an action checks `holds(token)` after each await, so one that
 * was called off (`reset`: the type changed, a new post started) stops where it is.
 */
export function useExclusive<K extends string>() {
  const owner = useRef<number | null>(null);
  const sequence = useRef(0);
  const [running, setRunning] = useState<K | null>(null);

  /** A token, or null when another action runs. */
  const start = useCallback((kind: K): number | null => {
    if (owner.current !== null) return null;
    sequence.current += 1;
    owner.current = sequence.current;
    setRunning(kind);
    return owner.current;
  }, []);
  const holds = useCallback((token: number) => owner.current === token, []);
  /** the action moves on to another phase (asking first, then generating) */
  const phase = useCallback((token: number, kind: K) => {
    if (owner.current === token) setRunning(kind);
  }, []);
  const end = useCallback((token: number) => {
    if (owner.current !== token) return;
    owner.current = null;
    setRunning(null);
  }, []);
  const reset = useCallback(() => {
    owner.current = null;
    setRunning(null);
  }, []);

  return { running, start, holds, phase, end, reset };
}
