import { z } from 'zod';
import { formatCount, HOOK_COUNT, HOOK_MAX_LENGTH, OPTIMAL_POST_LENGTH, POST_MAX_LENGTH } from '@postwright/contracts';
import type { GeneratedPost } from '../generation.types';
import { hookStylesFor } from './hook-style';
import { bodyBandFor } from './post-length';

const rawOutputSchema = z.object({
  body: z.string({ error: 'body must be a string' }),
  hooks: z.array(z.string({ error: 'every hook must be a string' }), { error: 'hooks must be an array of strings' }),
  // a style missing or misnamed never costs a post: hookStylesFor reads that hook's words instead
  hookStyles: z.unknown().optional(),
});

/**
 * A usable answer may still miss the length band (hook, blank line and body within
 * OPTIMAL_POST_LENGTH for every hook): `offBy` says by how many characters the body misses
 * it (0: within), and `lengthProblem` says so in words for a repair request.
 */
export type ParsedOutput =
  | { ok: true; post: GeneratedPost; offBy: number; lengthProblem: string | null }
  | { ok: false; problems: string[] };


/** How far the body is from the lengths that fit every hook, and the problem in words. */
function lengthCheck(post: GeneratedPost): { offBy: number; lengthProblem: string | null } {
  const band = bodyBandFor(post.hooks);
  const length = post.body.length;
  const offBy = length < band.min ? band.min - length : length > band.max ? length - band.max : 0;
  if (!offBy) return { offBy, lengthProblem: null };
  return {
    offBy,
    lengthProblem:
      `The body was ${formatCount(length)} characters; with these hooks it must be ${formatCount(band.min)}-${formatCount(band.max)} characters, ` +
      `so that each hook, a blank line and the body come to ${formatCount(OPTIMAL_POST_LENGTH.min)}-${formatCount(OPTIMAL_POST_LENGTH.max)} characters.`,
  };
}

/** Strips what models add around JSON despite being told not to: code fences, a preamble. */
function extractJson(text: string): unknown {
  const unfenced = text.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');
  try {
    return JSON.parse(unfenced);
  } catch {
    const start = unfenced.indexOf('{');
    const end = unfenced.lastIndexOf('}');
    if (start >= 0 && end > start) return JSON.parse(unfenced.slice(start, end + 1));
    throw new Error('not JSON');
  }
}

/** Plain text for LinkedIn: markdown emphasis and headings would show up as literal symbols. */
function toPlainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/__(.+?)__/g, '$1')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^\s*[*]\s+/gm, '• ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function cleanHook(hook: string): string {
  return toPlainText(hook)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/^(?:hook\s*\d*\s*[:.)-]\s*|\d+\s*[.)]\s+)/i, '')
    .replace(/^["“](.*)["”]$/, '$1')
    .trim();
}

const normalised = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * Parses and checks a model's answer; the problems are phrased for the repair request. Each
 * hook's style is the one the answer names, or the one its words show (hook-style.ts).
 */
export function parsePostOutput(text: string | null | undefined): ParsedOutput {
  if (!text || !text.trim()) return { ok: false, problems: ['The answer was empty.'] };
  let json: unknown;
  try {
    json = extractJson(text);
  } catch {
    return { ok: false, problems: ['The answer was not valid JSON.'] };
  }
  const shape = rawOutputSchema.safeParse(json);
  if (!shape.success) return { ok: false, problems: shape.error.issues.map((i) => `${i.path.join('.') || 'answer'}: ${i.message}`) };

  const body = toPlainText(shape.data.body);
  const hooks = shape.data.hooks.map(cleanHook);
  const problems: string[] = [];
  if (body.length < 200) problems.push('The body is missing or far too short.');
  if (hooks.length !== HOOK_COUNT) problems.push(`There were ${hooks.length} hooks; exactly ${HOOK_COUNT} are needed.`);
  if (hooks.some((h) => !h)) problems.push('A hook was empty.');
  const long = hooks.filter((h) => h.length >= HOOK_MAX_LENGTH);
  if (long.length) problems.push(`${long.length} hook(s) were ${HOOK_MAX_LENGTH} characters or longer.`);
  if (new Set(hooks.map(normalised)).size !== hooks.length) problems.push('The hooks were not all different.');
  const longestHook = Math.max(0, ...hooks.map((h) => h.length));
  if (body.length + longestHook + 2 > POST_MAX_LENGTH) problems.push(`The body was too long; it must stay well under ${POST_MAX_LENGTH} characters.`);
  if (problems.length) return { ok: false, problems };
  const named = Array.isArray(shape.data.hookStyles) ? shape.data.hookStyles : null;
  const post = { body, hooks, hookStyles: hookStylesFor(hooks, named) };
  return { ok: true, post, ...lengthCheck(post) };
}
