import type { ContentItem } from '@postwright/contracts';

export const RESTORE_FAILED = 'Failed to restore the previous version';

/** What the version button does next: Undo after a "Generate again", Redo after an Undo. */
export type VersionStep = 'undo' | 'redo';

export const versionCopy: Record<VersionStep, { label: string; text: string }> = {
  undo: { label: 'Undo', text: 'Generated again: the text it replaced is one undo away.' },
  redo: { label: 'Redo', text: 'Previous version restored: the newer text is one redo away.' },
};

/**
 * Which way the draft's next swap goes, as the server has it: the item says whether the version
 * kept aside is the newer one, so a reload, another tab and this one all read the same.
 */
export function versionStepOf(item: Pick<ContentItem, 'previousVersionIsNewer'>): VersionStep {
  return item.previousVersionIsNewer ? 'redo' : 'undo';
}
