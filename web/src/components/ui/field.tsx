import { useCallback, useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { cx } from './cx';
import { IconAlert } from './icons';
import styles from './field.module.css';

/*
 * Form fields with their label, hint and error. An error is always text on its field (never a
 * colour alone): it sits under the control, the control is aria-invalid and described by the
 * error (read first) and the hint, so a screen reader announces it when the field takes focus.
 */

interface FieldShellProps {
  label: ReactNode;
  hint?: ReactNode;
  /** a message shown under the field; also marks it invalid */
  error?: ReactNode;
  /** marks the field invalid without a message of its own (the message is elsewhere, e.g. a banner) */
  invalid?: boolean;
  optional?: boolean;
  className?: string;
  /** shown between the control and the hint (e.g. a character counter) */
  after?: ReactNode;
}

type Ids = { fieldId: string; hintId: string; errorId: string };

function useFieldIds(id?: string): Ids {
  const generated = useId();
  const fieldId = id ?? `field-${generated}`;
  return { fieldId, hintId: `${fieldId}-hint`, errorId: `${fieldId}-error` };
}

function Shell({ label, hint, error, invalid, optional, className, after, ids, children }: FieldShellProps & { ids: Ids; children: ReactNode }) {
  const isInvalid = Boolean(error) || Boolean(invalid);
  return (
    <div className={cx(styles.field, isInvalid && styles.invalid, className)}>
      <label className={styles.label} htmlFor={ids.fieldId}>
        {label}
        {optional ? <span className={styles.optional}>(optional)</span> : null}
      </label>
      <div className={styles.control}>
        {children}
        {isInvalid ? <IconAlert className={styles.invalidIcon} size={18} /> : null}
      </div>
      {after}
      {error ? (
        <p className={styles.error} id={ids.errorId} data-testid="field-error">
          <IconAlert className={styles.errorIcon} size={16} />
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <p className={styles.hint} id={ids.hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The attributes every control gets: its id, invalid state and description (error first, then hint, then the caller's own). */
function controlProps(shell: FieldShellProps, ids: Ids, own: { 'aria-describedby'?: string; 'aria-invalid'?: ComponentProps<'input'>['aria-invalid'] }) {
  const invalid = Boolean(shell.error) || Boolean(shell.invalid);
  const describedBy = [shell.error ? ids.errorId : null, shell.hint ? ids.hintId : null, own['aria-describedby']].filter(Boolean).join(' ');
  return {
    id: ids.fieldId,
    'aria-invalid': invalid ? true : own['aria-invalid'],
    'aria-describedby': describedBy || undefined,
  };
}

export type InputProps = FieldShellProps & Omit<ComponentProps<'input'>, 'className'> & { inputClassName?: string };

export function Input({ label, hint, error, invalid, optional, className, inputClassName, after, id, ...rest }: InputProps) {
  const ids = useFieldIds(id);
  const shell = { label, hint, error, invalid, optional, className, after };
  const { 'aria-describedby': describedBy, 'aria-invalid': ariaInvalid, ...control } = rest;
  return (
    <Shell {...shell} ids={ids}>
      <input {...control} {...controlProps(shell, ids, { 'aria-describedby': describedBy, 'aria-invalid': ariaInvalid })} className={cx(styles.input, inputClassName)} />
    </Shell>
  );
}

export type TextareaProps = FieldShellProps & Omit<ComponentProps<'textarea'>, 'className'> & { inputClassName?: string };

export function Textarea({ label, hint, error, invalid, optional, className, inputClassName, id, after, ...rest }: TextareaProps) {
  const ids = useFieldIds(id);
  const shell = { label, hint, error, invalid, optional, className, after };
  const { 'aria-describedby': describedBy, 'aria-invalid': ariaInvalid, ...control } = rest;
  return (
    <Shell {...shell} ids={ids}>
      <textarea
        {...control}
        {...controlProps(shell, ids, { 'aria-describedby': describedBy, 'aria-invalid': ariaInvalid })}
        className={cx(styles.input, inputClassName)}
      />
    </Shell>
  );
}

/**
 * After a refused submit: moves focus to the first invalid field of the form (in page order)
 * once the errors have rendered, so its error is read out with it. Attach `ref` to the form
 * and call `focusFirstInvalid()` whenever a submit stops on errors (the client's or the server's).
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request]);
  const focusFirstInvalid = useCallback(() => setRequest((n) => n + 1), []);
  return { ref, focusFirstInvalid };
}

/**
 * The messages of a refused request that belong to the form's own fields: a 400's `details`
 * map each field to its message (`{ error, code, details: { linkedinUrl: "..." } }`). Fields the
 * form does not show are left out (their message stays in the server's `error`).
 */
export function fieldErrorsFrom<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const details = error instanceof ApiError ? error.body?.details : undefined;
  const found: Partial<Record<F, string>> = {};
  if (!details) return found;
  for (const field of fields) {
    const message = details[field];
    if (typeof message === 'string' && message.trim()) found[field] = message;
  }
  return found;
}
