import { linkedinLengthProblem, postTextOf, type ContentItem } from '@postwright/contracts';

export type TextProblem = { kind: 'no-content' } | { kind: 'too-long'; message: string };

/**
 * The text that goes out: the member's (publish now), else the item's own as it is now (a
 * scheduled publish: the item is read when it falls due, so an edit made after scheduling goes
 * out); never empty, never over LinkedIn's limit as written or as sent (contracts,
 * `linkedinLengthProblem`).
 */
export function postText(text: string | undefined | null, item: Pick<ContentItem, 'finalContent' | 'selectedHook' | 'generatedContent'>): { text: string } | { problem: TextProblem } {
  const chosen = text && text.trim() ? text : postTextOf(item);
  if (!chosen || !chosen.trim()) return { problem: { kind: 'no-content' } };
  const tooLong = linkedinLengthProblem(chosen);
  return tooLong ? { problem: { kind: 'too-long', message: tooLong } } : { text: chosen };
}
