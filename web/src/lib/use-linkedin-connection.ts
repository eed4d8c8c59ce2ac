import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { getLinkedInStatus, type LinkedInStatus } from './linkedin-api';
import { session } from './session';

/**
 * Whether the signed-in member's LinkedIn is connected (GET /linkedin/profile; 404 = not
 * connected), shared by every component that asks: a list of twenty cards
 * makes one call, and a publish that learns the connection is gone tells them all.
 *
 * - `connected`: true, false, or null while unknown (still checking, or the check failed: the
 *   screens then let the member try, and the server has the last word).
 * - An expired grant counts as not connected: publishing needs a reconnect.
 */
export interface LinkedInConnection {
  connected: boolean | null;
  checking: boolean;
  /** the check failed (network, server): `connected` is null */
  failed: boolean;
  status: LinkedInStatus | null;
  /** checks again (Refresh Status); resolves when done */
  refresh: () => Promise<void>;
  /** a call answered that the member must connect first: everyone shows it at once */
  markNotConnected: () => void;
  /** a call answered that the connection has expired: everyone offers to reconnect at once */
  markExpired: () => void;
}

interface Snapshot {
  status: LinkedInStatus | null;
  checking: boolean;
  failed: boolean;
  /** when the last answer came (ms); 0 before any */
  checkedAt: number;
}

/** A screen that mounts within this long of the last answer reuses it (a tab switch, a card). */
const FRESH_MS = 10_000;

const initial: Snapshot = { status: null, checking: false, failed: false, checkedAt: 0 };
let snapshot: Snapshot = initial;
let inFlight: Promise<void> | null = null;
/** bumped whenever the user changes, so a late answer for the previous user is dropped */
let generation = 0;
let userId: string | null | undefined;
const listeners = new Set<() => void>();
let unsubscribeSession: (() => void) | null = null;

function set(next: Snapshot) {
  snapshot = next;
  for (const listener of [...listeners]) listener();
}

/** Another user (or nobody) is signed in: what we knew no longer applies. */
function followSession() {
  const current = session.get().user?.id ?? null;
  if (current === userId) return;
  userId = current;
  generation += 1;
  inFlight = null;
  if (snapshot !== initial) set(initial);
}

function subscribe(listener: () => void) {
  if (!unsubscribeSession) {
    userId = session.get().user?.id ?? null;
    unsubscribeSession = session.subscribe(followSession);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** One call at a time; components mounting together share it, and a fresh answer is reused. */
function check(force: boolean): Promise<void> {
  followSession();
  if (inFlight) return inFlight;
  if (!force && snapshot.status && Date.now() - snapshot.checkedAt < FRESH_MS) return Promise.resolve();
  const mine = generation;
  set({ ...snapshot, checking: true });
  inFlight = getLinkedInStatus()
    .then((status) => {
      if (mine === generation) set({ status, checking: false, failed: false, checkedAt: Date.now() });
    })
    .catch(() => {
      if (mine === generation) set({ status: null, checking: false, failed: true, checkedAt: Date.now() });
    })
    .finally(() => {
      if (mine === generation) inFlight = null;
    });
  return inFlight;
}

function markNotConnected() {
  set({ status: { connected: false }, checking: false, failed: false, checkedAt: Date.now() });
}

function markExpired() {
  const { status } = snapshot;
  if (!status?.connected) return markNotConnected();
  set({ status: { ...status, expired: true, reconnectSoon: true }, checking: false, failed: false, checkedAt: Date.now() });
}

function connectedOf(status: LinkedInStatus | null): boolean | null {
  if (!status) return null;
  return status.connected && !status.expired;
}

/** Forgets what is known (tests; a new session does it by itself). */
export function resetLinkedInConnection() {
  generation += 1;
  inFlight = null;
  set(initial);
}

/** The member's LinkedIn connection, checked when a component using it mounts. */
export function useLinkedInConnection(): LinkedInConnection {
  const state = useSyncExternalStore(subscribe, () => snapshot, () => initial);
  useEffect(() => {
    void check(false);
  }, []);
  const refresh = useCallback(() => check(true), []);
  return {
    connected: connectedOf(state.status),
    checking: state.checking,
    failed: state.failed,
    status: state.status,
    refresh,
    markNotConnected,
    markExpired,
  };
}
