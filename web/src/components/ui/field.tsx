import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from './cx';
import { IconAlert } from './icons';
import styles from './field.module.css';

interface FieldShellProps {
  label: ReactNode;
  hint?: ReactNode;
  /** a message shown under the field; also marks it invalid */
  error?: ReactNode;
  /** marks the field invalid (for screen readers and sight) without a message */
  invalid?: boolean;
  optional?: boolean;
  className?: string;
}

function useFieldIds(id?: string) {
  const generated = useId();
  const fieldId = id ?? `field-${generated}`;
  return { fieldId, hintId: `${fieldId}-hint`, errorId: `${fieldId}-error` };
}

function Shell({
  label,
  hint,
  error,
  invalid,
  optional,
  className,
  ids,
  children,
  after,
}: FieldShellProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode; after?: ReactNode }) {
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
      {hint ? (
        <p className={styles.hint} id={ids.hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} id={ids.errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(props: FieldShellProps, ids: ReturnType<typeof useFieldIds>, own?: string) {
  return [own, props.hint ? ids.hintId : null, props.error ? ids.errorId : null].filter(Boolean).join(' ') || undefined;
}

export type InputProps = FieldShellProps & Omit<ComponentProps<'input'>, 'className'> & { inputClassName?: string };

export function Input({ label, hint, error, invalid, optional, className, inputClassName, id, ...rest }: InputProps) {
  const ids = useFieldIds(id);
  const shell = { label, hint, error, invalid, optional, className };
  return (
    <Shell {...shell} ids={ids}>
      <input
        id={ids.fieldId}
        className={cx(styles.input, inputClassName)}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy(shell, ids, rest['aria-describedby'])}
        {...rest}
      />
    </Shell>
  );
}

export type TextareaProps = FieldShellProps & Omit<ComponentProps<'textarea'>, 'className'> & { inputClassName?: string; after?: ReactNode };

export function Textarea({ label, hint, error, invalid, optional, className, inputClassName, id, after, ...rest }: TextareaProps) {
  const ids = useFieldIds(id);
  const shell = { label, hint, error, invalid, optional, className };
  return (
    <Shell {...shell} ids={ids} after={after}>
      <textarea
        id={ids.fieldId}
        className={cx(styles.input, inputClassName)}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy(shell, ids, rest['aria-describedby'])}
        {...rest}
      />
    </Shell>
  );
}

export type SelectProps = FieldShellProps & Omit<ComponentProps<'select'>, 'className'> & { inputClassName?: string };

export function Select({ label, hint, error, invalid, optional, className, inputClassName, id, children, ...rest }: SelectProps) {
  const ids = useFieldIds(id);
  const shell = { label, hint, error, invalid, optional, className };
  return (
    <Shell {...shell} ids={ids}>
      <select
        id={ids.fieldId}
        className={cx(styles.input, inputClassName)}
        aria-invalid={error || invalid ? true : undefined}
        aria-describedby={describedBy(shell, ids, rest['aria-describedby'])}
        {...rest}
      >
        {children}
      </select>
    </Shell>
  );
}
