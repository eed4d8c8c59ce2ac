import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, buttonClassName, type ButtonVariant } from './button';
import { Modal } from './modal';

export interface ConfirmOptions {
  /** the dialog's name, e.g. "Delete post?" */
  title: ReactNode;
  /** the question, in the spec's words */
  message: ReactNode;
  /** what the answer is about, shown under the question (e.g. the post about to be published) */
  details?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** 'danger' for what cannot be undone (delete, disconnect) */
  tone?: 'primary' | 'danger';
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The app's own confirmation (replaces window.confirm): a labelled modal dialog whose
 * description is the question. Focus starts on Cancel (the safe answer); Escape, the backdrop
 * and the close button cancel; focus returns to the control that opened it (the Modal's rules).
 */
export function ConfirmDialog({ open, title, message, details, confirmLabel, cancelLabel = 'Cancel', tone = 'primary', onConfirm, onCancel }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const variant: ButtonVariant = tone === 'danger' ? 'danger' : 'primary';
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      description={<span data-testid="confirm-message">{message}</span>}
      initialFocusRef={cancelRef}
      footer={
        <>
          <button ref={cancelRef} type="button" className={buttonClassName({ variant: 'secondary' })} onClick={onCancel}>
            {cancelLabel}
          </button>
          <Button variant={variant} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {details}
    </Modal>
  );
}

/**
 * `await confirm({...})` in place of `window.confirm(...)`: resolves true on confirm and
 * false on cancel. Render `dialog` once in the component.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<ConfirmOptions | null>(null);
  const resolveRef = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        resolveRef.current?.(false); // a second question cancels the first
        resolveRef.current = resolve;
        setPending(options);
      }),
    [],
  );

  function answer(value: boolean) {
    const resolve = resolveRef.current;
    resolveRef.current = null;
    setPending(null);
    resolve?.(value);
  }

  const dialog = pending ? (
    <ConfirmDialog
      open
      title={pending.title}
      message={pending.message}
      details={pending.details}
      confirmLabel={pending.confirmLabel}
      cancelLabel={pending.cancelLabel}
      tone={pending.tone}
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    />
  ) : null;

  return { confirm, dialog };
}
