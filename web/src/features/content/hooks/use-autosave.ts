import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';

/**
 * Autosave of one document: changes are saved after a pause in typing; a network
 * failure, a 5xx or a 409 CONTENT.CHANGED (the draft changed on the server at that moment) is
 * retried with backoff ("Not saved: retrying") until the server recovers; any other 4xx is the
 * server refusing this text, so its message shows and nothing spins until the text changes
 * again. One save at a time; the last text always wins. A document left behind (another draft
 * opened) still sends what it had pending; a document replaced from the server (generated
 * again, undone) drops it instead (`discard`), so it never lands on the new version.
 *
 *   idle --change--> pending --pause--> saving --ok--> saved (or pending if changed meanwhile)
 *                                          \--network/5xx--> retrying --backoff--> saving
 *                                           \--4xx--> error --change--> pending
 */
export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'retrying' | 'error';
export interface AutosaveState {
  status: AutosaveStatus;
  error: string | null;
}

export const AUTOSAVE_DELAY_MS = 800;
export const AUTOSAVE_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 15000, 30000];
/** A document left behind (another draft opened, the page closed) keeps trying this many times. */
const DETACHED_ATTEMPTS = 5;
export const SAVE_FAILED = 'Failed to save edits';

const idle: AutosaveState = { status: 'idle', error: null };
const noop = () => undefined;

/** The service's code for a save that raced a change of the draft (regenerate, restore): try again. */
export const CONTENT_CHANGED = 'CONTENT.CHANGED';

/** Worth trying again: no answer, a timeout, a rate limit, a server error, or a save that raced another change. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) {
    // the code decides, never the wording
    if (error.status === 409) return error.code === CONTENT_CHANGED;
    return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
  }
  return (error as Error | null)?.name !== 'AbortError';
}

interface SessionOptions<P, R> {
  save: (payload: P) => Promise<R>;
  onSaved: (result: R, payload: P) => void;
  onState: (state: AutosaveState) => void;
  delayMs: number;
  retryDelaysMs: readonly number[];
}

/** The state machine for one document (one key); detached when the page moves on. */
class AutosaveSession<P, R> {
  private saved: string;
  private latest: { payload: P; text: string };
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inflight: Promise<R> | null = null;
  private attempt = 0;
  private detached = false;
  /** replaced from the server: what is pending is dropped, never sent */
  private discarded = false;
  private everSaved = false;
  private enabled = true;
  private state: AutosaveState = idle;

  constructor(
    private readonly options: SessionOptions<P, R>,
    payload: P,
    text: string,
  ) {
    this.saved = text;
    this.latest = { payload, text };
  }

  get dirty(): boolean {
    return this.enabled && this.latest.text !== this.saved;
  }

  get status(): AutosaveStatus {
    return this.state.status;
  }

  change(payload: P, text: string, enabled: boolean) {
    if (this.discarded) return;
    this.latest = { payload, text };
    this.enabled = enabled;
    if (!enabled) return this.clearTimer();
    if (this.inflight) return; // when it lands, what changed meanwhile is scheduled
    if (!this.dirty) {
      // changed back to what the server has: nothing to save, nothing failing
      this.clearTimer();
      this.attempt = 0;
      if (this.state.status !== 'idle' && this.state.status !== 'saved') this.setState(this.everSaved ? { status: 'saved', error: null } : idle);
      return;
    }
    if (this.state.status === 'retrying' && this.timer) return; // the retry sends the latest text
    this.schedule(this.options.delayMs);
    this.setState({ status: 'pending', error: null });
  }

  /** Saves now what is not saved yet; resolves with the latest answer of the server (null when nothing was due). */
  async flush(): Promise<R | null> {
    this.clearTimer();
    const landed = this.inflight ? await this.inflight.catch(() => null) : null;
    this.clearTimer();
    return this.dirty ? this.run() : landed;
  }

  /** Resolves when no save of this document is on the way (a failed one included). */
  settled(): Promise<void> {
    const inflight = this.inflight;
    return inflight ? inflight.then(noop, noop) : Promise.resolve();
  }

  /** Stops reporting; what is not saved yet is still sent (a few tries), unless discarded. */
  detach() {
    this.detached = true;
    if (this.dirty && !this.inflight && !this.discarded) {
      this.clearTimer();
      this.run().catch(() => undefined);
    }
  }

  /** The document is being replaced from the server: drop what is pending and stop retrying. */
  discard() {
    this.discarded = true;
    this.detached = true;
    this.clearTimer();
  }

  private setState(state: AutosaveState) {
    this.state = state;
    if (!this.detached) this.options.onState(state);
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number) {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run().catch(() => undefined);
    }, ms);
  }

  private run(): Promise<R> {
    const sent = this.latest;
    this.setState({ status: 'saving', error: null });
    const inflight = this.options.save(sent.payload).then(
      (result) => {
        this.inflight = null;
        this.saved = sent.text;
        this.attempt = 0;
        this.everSaved = true;
        if (!this.discarded) this.options.onSaved(result, sent.payload);
        if (this.discarded) {
          // replaced meanwhile: nothing more to send
        } else if (this.dirty) {
          this.setState({ status: 'pending', error: null });
          this.schedule(this.options.delayMs);
        } else {
          this.setState({ status: 'saved', error: null });
        }
        return result;
      },
      (error: unknown) => {
        this.inflight = null;
        if (isRetryable(error)) {
          const delays = this.options.retryDelaysMs;
          const wait = delays[Math.min(this.attempt, delays.length - 1)];
          this.attempt += 1;
          if (!this.discarded && (!this.detached || this.attempt < DETACHED_ATTEMPTS)) this.schedule(wait);
          this.setState({ status: 'retrying', error: errorMessage(error, SAVE_FAILED) });
        } else {
          this.attempt = 0;
          this.setState({ status: 'error', error: errorMessage(error, SAVE_FAILED) });
        }
        throw error;
      },
    );
    this.inflight = inflight;
    return inflight;
  }
}

export interface AutosaveOptions<P, R> {
  /** the document: a new key starts over from the payload it comes with (nothing to save) */
  key: string | null;
  payload: P;
  /** false for documents that cannot change (published, scheduled) */
  enabled: boolean;
  save: (payload: P) => Promise<R>;
  onSaved?: (result: R, payload: P) => void;
  delayMs?: number;
  retryDelaysMs?: readonly number[];
}

export interface Autosave<R> extends AutosaveState {
  /** there are changes the server does not have yet (waiting, on the way, or refused) */
  dirty: boolean;
  /** saves pending changes now; rejects when the save fails */
  flush: () => Promise<R | null>;
  settled: () => Promise<void>;
  /**
   * The document is about to be replaced from the server (its key changes in the same update):
   * what it still has pending is dropped, not sent over the new version.
   */
  discard: () => void;
}

export function useAutosave<P, R>({
  key,
  payload,
  enabled,
  save,
  onSaved,
  delayMs = AUTOSAVE_DELAY_MS,
  retryDelaysMs = AUTOSAVE_RETRY_DELAYS_MS,
}: AutosaveOptions<P, R>): Autosave<R> {
  const text = JSON.stringify(payload);
  const [state, setState] = useState<AutosaveState>(idle);
  const session = useRef<AutosaveSession<P, R> | null>(null);
  // documents let go of with a save still on the way (another draft opened meanwhile)
  const leaving = useRef(new Set<AutosaveSession<P, R>>());
  // the latest values for the session's callbacks (a session outlives renders)
  const latest = useRef({ payload, text, save, onSaved });
  latest.current = { payload, text, save, onSaved };

  useEffect(() => {
    setState(idle);
    if (key === null) return;
    const current = new AutosaveSession<P, R>(
      {
        save: (p) => latest.current.save(p),
        onSaved: (result, p) => latest.current.onSaved?.(result, p),
        onState: setState,
        delayMs,
        retryDelaysMs,
      },
      latest.current.payload,
      latest.current.text,
    );
    session.current = current;
    return () => {
      current.detach();
      if (session.current === current) session.current = null;
      leaving.current.add(current);
      void current.settled().then(() => leaving.current.delete(current));
    };
  }, [key, delayMs, retryDelaysMs]);

  useEffect(() => {
    session.current?.change(latest.current.payload, text, enabled);
  }, [key, text, enabled]);

  // leaving the page: send what is pending (best effort); ask to stay when it cannot be saved
  useEffect(() => {
    function onPageHide() {
      if (session.current?.dirty) session.current.flush().catch(() => undefined);
    }
    function onBeforeUnload(event: BeforeUnloadEvent) {
      const current = session.current;
      if (!current?.dirty) return;
      current.flush().catch(() => undefined);
      if (current.status === 'retrying' || current.status === 'error') event.preventDefault();
    }
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, []);

  const flush = useCallback(() => session.current?.flush() ?? Promise.resolve(null), []);
  /** resolves once the saves of documents left behind have landed (or failed): read a draft after them */
  const settled = useCallback(async () => {
    await Promise.all([...leaving.current].map((left) => left.settled()));
  }, []);
  const discard = useCallback(() => session.current?.discard(), []);
  const dirty = state.status === 'pending' || state.status === 'saving' || state.status === 'retrying' || state.status === 'error';
  return { ...state, dirty, flush, settled, discard };
}
