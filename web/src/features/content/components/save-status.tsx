import { cx } from '../../../components/ui/cx';
import { IconAlert, IconCheck } from '../../../components/ui/icons';
import type { AutosaveState } from '../hooks/use-autosave';
import styles from './save-status.module.css';

export const SAVED = 'Saved';
export const NOT_SAVED_RETRYING = 'Not saved: retrying';

/** The text for each autosave state; null when there is nothing to say. */
export function saveStatusText({ status, error }: AutosaveState): string | null {
  switch (status) {
    case 'pending':
    case 'saving':
      return 'Saving...';
    case 'saved':
      return SAVED;
    case 'retrying':
      return NOT_SAVED_RETRYING;
    case 'error':
      return `Not saved: ${error ?? 'Failed to save edits'}`;
    default:
      return null;
  }
}

/**
 * Autosave, quietly: "Saving..." and "Saved" in small grey text; a failure stands out and is
 * announced (typing does not announce every save).
 */
export function SaveStatus({ state }: { state: AutosaveState }) {
  const text = saveStatusText(state);
  const failed = state.status === 'retrying' || state.status === 'error';
  return (
    <p className={cx(styles.saveStatus, failed && styles.saveStatusFailed)} data-testid="save-status" data-state={state.status}>
      {state.status === 'saved' ? <IconCheck size={14} /> : failed ? <IconAlert size={14} /> : null}
      {failed ? null : text}
      <span role="status">{failed ? text : null}</span>
    </p>
  );
}
