import { useCallback, useRef, useState } from 'react';
import type { ContentItem } from '@postwright/contracts';
import { restorePreviousVersion } from '../../../lib/content-api';

export const RESTORE_FAILED = 'Failed to restore the previous version';

/** What the version button does next: Undo after a "Generate again", Redo after an Undo. */
export type VersionStep = 'undo' | 'redo';

export const versionCopy: Record<VersionStep, { label: string; text: string }> = {
  undo: { label: 'Undo', text: 'Generated again: the text it replaced is one undo away.' },
  redo: { label: 'Redo', text: 'Previous version restored: the newer text is one redo away.' },
};

/** Drafts whose last swap was an Undo, in this tab (a refresh still offers Redo). */
const UNDONE_KEY = 'postwright.undoneDrafts';
const KEEP = 50;

function readUndone(): string[] {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(UNDONE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeUndone(ids: string[]) {
  try {
    if (ids.length) window.sessionStorage.setItem(UNDONE_KEY, JSON.stringify(ids.slice(-KEEP)));
    else window.sessionStorage.removeItem(UNDONE_KEY);
  } catch {
    // storage unavailable: the label falls back to Undo after a refresh
  }
}

/**
 * Undo and Redo of "Generate again". The service keeps one other version and
 * POST /api/content/:id/restore-previous swaps it with the current one (so a second call
 * redoes, and `hasPreviousVersion` stays true): which way the next swap goes is remembered here.
 */
export function useVersions() {
  const [undone, setUndone] = useState<string[]>(readUndone);
  const latest = useRef(undone);

  const mark = useCallback((id: string, isUndone: boolean) => {
    const next = latest.current.filter((other) => other !== id);
    if (isUndone) next.push(id);
    latest.current = next;
    writeUndone(next);
    setUndone(next);
  }, []);

  /** Swaps the draft's text with its other version; the item as the server has it after (rejects on failure). */
  const swap = useCallback(
    async (id: string): Promise<ContentItem> => {
      const item = await restorePreviousVersion(id);
      mark(id, !latest.current.includes(id));
      return item;
    },
    [mark],
  );

  return {
    step: (id: string): VersionStep => (undone.includes(id) ? 'redo' : 'undo'),
    swap,
    /** generated again: the text it replaced is one Undo away */
    generated: useCallback((id: string) => mark(id, false), [mark]),
  };
}
