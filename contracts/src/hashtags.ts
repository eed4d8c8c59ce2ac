/**
 * What counts as a hashtag in a member's text: the one rule the LinkedIn client (which sends
 * each one as a little-text hashtag template) and the web preview (which shows them as LinkedIn
 * will) share, so the preview never promises a tag the post will not have.
 *
 * LinkedIn documents a hashtag as `'#' SINGLE_WORD` without defining the word (see
 * docs/linkedin.md, "Hashtags"). Our rule:
 * - the word is letters (any script), combining marks, digits and `_`; it ends at anything else,
 *   so `#leadership.` is the tag `leadership` followed by `.`;
 * - it holds at least one letter: `#2026` and `we're #1` stay plain text;
 * - the `#` starts a word: not after a letter, digit, `_`, `#`, `/`, `&` or `@` (`C#`,
 *   `issue#12`, `##tag`, `/#top`, `&#38;`), and never inside a link (`https://x.com/a#b`).
 */

/** The characters a hashtag word is made of. */
export const HASHTAG_WORD_CHAR = /[\p{L}\p{M}\p{N}_]/u;

// A link is skipped whole so that a fragment is never read as a tag; then a `#` that starts a
// word. Built per call: a global regex keeps state between uses.
const scanner = () => /(?:https?:\/\/|www\.)\S+|(?<![\p{L}\p{M}\p{N}_#/&@])#([\p{L}\p{M}\p{N}_]+)/gu;
const LETTER = /\p{L}/u;

export type HashtagPart = { kind: 'text'; text: string } | { kind: 'hashtag'; tag: string };

/**
 * The text cut into plain runs and hashtags, in order; joining the parts (a hashtag as
 * `#` + tag) gives the text back unchanged.
 */
export function splitHashtags(text: string): HashtagPart[] {
  const parts: HashtagPart[] = [];
  let last = 0;
  for (const match of text.matchAll(scanner())) {
    const tag = match[1];
    if (tag === undefined || !LETTER.test(tag)) continue;
    const start = match.index ?? 0;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'hashtag', tag });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** The tags (without `#`) in the order they appear. */
export function findHashtags(text: string): string[] {
  return splitHashtags(text).flatMap((p) => (p.kind === 'hashtag' ? [p.tag] : []));
}
