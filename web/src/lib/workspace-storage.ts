import { contentTypes, type ContentType } from '@postwright/contracts';
import { WORKSPACE_KEY_PREFIX } from './session';

/**
 * The generator's memory in this browser, one record per user under
 * `postwright.workspace.<userId>`: per content type, the form as typed before a first
 * generation and the draft last open. The `postwright.` prefix lets signing out clear it with
 * the rest of the app's keys, so one account's writing is not left for the next person at this
 * browser. The drafts themselves live on the server; this only says where the user was.
 */
export function workspaceKey(userId: string): string {
  return `${WORKSPACE_KEY_PREFIX}${userId}`;
}

export interface WorkspaceSlot {
  /** the form fields as typed (field name -> text) */
  form: Record<string, string> | null;
  /** the draft last open for this type, if any */
  draftId: string | null;
}

export interface WorkspaceRecord {
  version: 1;
  lastType: ContentType | null;
  types: Partial<Record<ContentType, WorkspaceSlot>>;
}

const empty = (): WorkspaceRecord => ({ version: 1, lastType: null, types: {} });

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function isType(value: unknown): value is ContentType {
  return typeof value === 'string' && (contentTypes as readonly string[]).includes(value);
}

function readSlot(value: unknown): WorkspaceSlot | null {
  if (!value || typeof value !== 'object') return null;
  const { form, draftId } = value as Record<string, unknown>;
  const fields =
    form && typeof form === 'object'
      ? Object.fromEntries(Object.entries(form as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
      : null;
  return { form: fields, draftId: typeof draftId === 'string' && draftId ? draftId : null };
}

/** The user's record; an empty one when there is none or it cannot be read. */
export function readWorkspace(userId: string): WorkspaceRecord {
  const raw = storage()?.getItem(workspaceKey(userId));
  if (!raw) return empty();
  try {
    const value = JSON.parse(raw) as Partial<WorkspaceRecord> | null;
    if (!value || value.version !== 1) return empty();
    const types: WorkspaceRecord['types'] = {};
    for (const type of contentTypes) {
      const slot = readSlot(value.types?.[type]);
      if (slot) types[type] = slot;
    }
    return { version: 1, lastType: isType(value.lastType) ? value.lastType : null, types };
  } catch {
    return empty();
  }
}

/** Applies `change` to the stored record (best effort: a full or blocked storage keeps nothing). */
export function updateWorkspace(userId: string, change: (record: WorkspaceRecord) => WorkspaceRecord): WorkspaceRecord {
  const next = change(readWorkspace(userId));
  try {
    storage()?.setItem(workspaceKey(userId), JSON.stringify(next));
  } catch {
    /* quota or privacy mode: the page still works, it just forgets */
  }
  return next;
}

/** Sets part of one type's slot. */
export function updateWorkspaceSlot(userId: string, type: ContentType, patch: Partial<WorkspaceSlot>): WorkspaceRecord {
  return updateWorkspace(userId, (record) => ({
    ...record,
    types: { ...record.types, [type]: { form: null, draftId: null, ...record.types[type], ...patch } },
  }));
}
