import { useState } from 'react';
import { useFocusFirstInvalid } from './field';

type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A form of text fields with its messages on the fields: editing a field clears its message (and
 * the one of the field it settles, such as a confirmation); a submit first shows the problems
 * found here, then sends, and a refusal goes on the fields it names or, naming none, above the
 * form. Either way focus moves to the first field in error.
 */
export function useFieldForm<F extends string>(
  initial: Record<F, string> | (() => Record<F, string>),
  {
    alsoClears = {},
    clearFailureOnEdit = false,
    onEdit,
  }: {
    /** the field whose message an edit of this one settles too (a new password, its confirmation) */
    alsoClears?: Partial<Record<F, F>>;
    clearFailureOnEdit?: boolean;
    /** called on every edit, for what the form shows besides its messages (a success note) */
    onEdit?: () => void;
  } = {},
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  function change(name: F, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    onEdit?.();
    if (clearFailureOnEdit) setFailure(null);
    setErrors((current) => {
      const next = { ...current };
      delete next[name];
      const settled = alsoClears[name];
      if (settled) delete next[settled];
      return next;
    });
  }

  /** props of one field's input: its name, value, message and change handler */
  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => change(name, e.target.value),
  });

  async function submit(problems: FieldErrors<F>, send: () => Promise<void>, refused: (error: unknown) => { fields: FieldErrors<F>; failure: string }) {
    if (busy) return;
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      await send();
    } catch (error) {
      const refusal = refused(error);
      if (Object.keys(refusal.fields).length > 0) {
        setErrors(refusal.fields);
        focusFirstInvalid();
      } else {
        setFailure(refusal.failure);
      }
    } finally {
      setBusy(false);
    }
  }

  return { values, setValues, failure, busy, formRef, field, submit };
}
