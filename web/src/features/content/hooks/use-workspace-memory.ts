import { useMemo } from 'react';
import type { ContentType } from '@postwright/contracts';
import { readWorkspace, updateWorkspace, updateWorkspaceSlot } from '../../../lib/workspace-storage';
import { emptyForm, formFields, type FormValues } from '../components/generation-form';

/**
 * What this browser remembers of the user's place in the generator: per type, the form typed
 * before a first generation and the draft last open (localStorage `postwright.workspace.<userId>`).
 */
export function useWorkspaceMemory(userId: string) {
  return useMemo(
    () => ({
      lastType: (): ContentType | null => readWorkspace(userId).lastType,
      draftOf: (type: ContentType): string | null => readWorkspace(userId).types[type]?.draftId ?? null,
      /** the form kept for a type, or null when it has none */
      formOf: (type: ContentType): FormValues | null => {
        const form = readWorkspace(userId).types[type]?.form;
        if (!form) return null;
        const values = { ...emptyForm };
        for (const field of formFields) values[field] = form[field] ?? '';
        return values;
      },
      saveForm: (type: ContentType, form: FormValues) => updateWorkspaceSlot(userId, type, { form: { ...form } }),
      rememberDraft: (type: ContentType, draftId: string | null) => updateWorkspaceSlot(userId, type, { draftId }),
      startOver: (type: ContentType, form: FormValues) => updateWorkspaceSlot(userId, type, { draftId: null, form: { ...form } }),
      setLastType: (type: ContentType) => updateWorkspace(userId, (record) => ({ ...record, lastType: type })),
      /** a draft that is gone (deleted, or no longer a draft) is not reopened for its type */
      forgetDraft: (draftId: string) =>
        updateWorkspace(userId, (record) => ({
          ...record,
          types: Object.fromEntries(
            Object.entries(record.types).map(([type, slot]) => [type, slot?.draftId === draftId ? { ...slot, draftId: null } : slot]),
          ),
        })),
    }),
    [userId],
  );
}

export type WorkspaceMemory = ReturnType<typeof useWorkspaceMemory>;
