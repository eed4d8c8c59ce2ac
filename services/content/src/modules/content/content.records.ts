/** Stored content documents as plain records, and the filters that compare their versions. */
import type { Types } from 'mongoose';
import { hookStyleOrUnknownSchema, type HookStyleOrUnknown } from '@postwright/contracts';
import type { ContentDocument, ContentVersion } from './content.model';
import type { ContentRecord } from './content.repository';

export type Lean = ContentDocument & { _id: Types.ObjectId };

/** One style per hook: what is stored where it is a style, `unknown` for the rest (hooks from before styles). */
export function stylesOf(hooks: readonly string[], stored: readonly unknown[] | null | undefined): HookStyleOrUnknown[] {
  return hooks.map((_, i) => {
    const style = hookStyleOrUnknownSchema.safeParse(stored?.[i]);
    return style.success ? style.data : 'unknown';
  });
}

/** The style of the hook whose text is `hook`; `unknown` for a hook none of them is (one the member wrote). */
export function styleOfHook(v: Pick<ContentVersion, 'hooks' | 'hookStyles'>, hook: string): HookStyleOrUnknown {
  const index = v.hooks.indexOf(hook);
  return index < 0 ? 'unknown' : (v.hookStyles[index] ?? 'unknown');
}

/**
 * The chosen hook's style: the one stored when it was chosen, else (items from before styles
 * were stored) the style of the hook with its text. Null when no hook is chosen.
 */
export function chosenHookStyle(v: Pick<ContentVersion, 'hooks' | 'hookStyles' | 'selectedHook' | 'selectedHookStyle'>): HookStyleOrUnknown | null {
  if (v.selectedHook === null) return null;
  return v.selectedHookStyle ?? styleOfHook(v, v.selectedHook);
}

/**
 * The chosen hook's style to store after an edit set the hook to `v.selectedHook`: the style of
 * the hook it is; the style stored before when it is none of them (the chosen hook's text edited);
 * `unknown` when no hook was chosen before (one the member wrote).
 */
export function styleAfterChoosing(v: Pick<ContentVersion, 'hooks' | 'hookStyles' | 'selectedHook' | 'selectedHookStyle'>): HookStyleOrUnknown | null {
  if (v.selectedHook === null) return null;
  const index = v.hooks.indexOf(v.selectedHook);
  if (index >= 0) return v.hookStyles[index] ?? 'unknown';
  return v.selectedHookStyle ?? 'unknown';
}

/** The text of an item and the form it came from, with absent optionals as null. */
export function versionOf(v: ContentVersion): ContentVersion {
  return {
    topic: v.topic,
    inputs: {
      industryRole: v.inputs?.industryRole ?? '',
      personalExperience: v.inputs?.personalExperience ?? '',
      targetAudience: v.inputs?.targetAudience ?? '',
      businessGoal: v.inputs?.businessGoal ?? null,
    },
    generator: { provider: v.generator?.provider, model: v.generator?.model },
    generatedContent: v.generatedContent,
    hooks: [...(v.hooks ?? [])],
    hookStyles: stylesOf(v.hooks ?? [], v.hookStyles),
    selectedHook: v.selectedHook ?? null,
    selectedHookStyle: v.selectedHookStyle ?? null,
    finalContent: v.finalContent ?? null,
  };
}

export function toRecord(doc: Lean): ContentRecord {
  const { _id, ...rest } = doc;
  return {
    ...rest,
    ...versionOf(rest),
    id: _id.toHexString(),
    previous: rest.previous ? versionOf(rest.previous) : null,
    // items from before free runs were counted have taken none
    freeRegenerationsTaken: rest.freeRegenerationsTaken ?? 0,
    freeRegenerationHolds: Object.fromEntries(Object.entries(rest.freeRegenerationHolds ?? {}).map(([key, at]) => [key, new Date(at)])),
    // items stored before the field existed were only ever generated again, never undone
    previousIsNewer: rest.previous ? rest.previousIsNewer === true : false,
    engagement: rest.engagement
      ? { likes: rest.engagement.likes, comments: rest.engagement.comments, reposts: rest.engagement.reposts, impressions: rest.engagement.impressions }
      : null,
  };
}

/**
 * Matches an item whose version at `prefix` is exactly `v` (null: none). With the status in
 * the same filter this is a compare-and-swap: FerretDB has no transactions, and the text
 * kept as the previous version must be the very text that was replaced. The hooks' styles are
 * not compared: they go with the hooks, and items from before them have none stored.
 */
export function versionFilter(v: ContentVersion | null, prefix = ''): Record<string, unknown> {
  if (!v) return { [prefix.replace(/\.$/, '')]: null };
  return {
    [`${prefix}topic`]: v.topic,
    [`${prefix}inputs.industryRole`]: v.inputs.industryRole,
    [`${prefix}inputs.personalExperience`]: v.inputs.personalExperience,
    [`${prefix}inputs.targetAudience`]: v.inputs.targetAudience,
    [`${prefix}inputs.businessGoal`]: v.inputs.businessGoal,
    [`${prefix}generatedContent`]: v.generatedContent,
    [`${prefix}hooks`]: v.hooks,
    [`${prefix}selectedHook`]: v.selectedHook,
    [`${prefix}finalContent`]: v.finalContent,
  };
}


/** A field of a record by its stored path ("inputs.industryRole"). */
export function valueAt(record: ContentRecord, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), record);
}
