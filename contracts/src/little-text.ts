import { POST_MAX_LENGTH } from './content';
import { formatCount } from './limits';
import { splitHashtags } from './hashtags';

/**
 * The text a member writes as LinkedIn receives it: commentary in LinkedIn's "little" text
 * format. One place, because the LinkedIn client sends it and the web counts it: LinkedIn
 * limits commentary to 3,000 characters and does not document whether the escape backslashes
 * and hashtag templates count, so we assume they do (docs/linkedin.md, "Length").
 */

/** Characters LinkedIn's "little" text format reserves (learn.microsoft.com, Little Text Format). */
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;

function escapeReserved(text: string): string {
  return text.replace(RESERVED, (c) => `\\${c}`);
}

/**
 * A hashtag as little text's HashtagTemplate, `{hashtag|#|tag}`, the sign bare as LinkedIn's
 * Little Text Format page writes it (the escaped `\#` some clients send is not in the grammar).
 * The tag is Text in the grammar, so its reserved characters (only `_` can occur) are escaped.
 */
export function hashtagTemplate(tag: string): string {
  return `{hashtag|#|${escapeReserved(tag)}}`;
}

/**
 * Commentary for LinkedIn: every `#word` the member wrote (`splitHashtags`) becomes a hashtag,
 * everything else is escaped so LinkedIn shows exactly what the member wrote: an unescaped
 * reserved character silently cuts the post short on LinkedIn.
 */
export function escapeLittleText(text: string): string {
  return splitHashtags(text)
    .map((part) => (part.kind === 'hashtag' ? hashtagTemplate(part.tag) : escapeReserved(part.text)))
    .join('');
}

/** How long a text is as written and as LinkedIn receives it (escapes and hashtag templates included). */
export function linkedinLength(text: string): { written: number; sent: number } {
  return { written: text.length, sent: escapeLittleText(text).length };
}

/**
 * A text's length against LinkedIn's limit, counted as written and as sent (the strict reading):
 * `over` is how far the longer of the two passes `limit` (0 when it fits); `asSent` is true when
 * only the text as LinkedIn receives it is over. The figures every side words its refusal from.
 */
export function linkedinLimitCheck(text: string): { written: number; sent: number; limit: number; over: number; asSent: boolean } {
  const { written, sent } = linkedinLength(text);
  const limit = POST_MAX_LENGTH;
  return { written, sent, limit, over: Math.max(0, written - limit, sent - limit), asSent: written <= limit && sent > limit };
}

/**
 * Why LinkedIn would refuse this text as too long, in the member's words; null when it fits.
 * Counted as written and as sent (the strict reading), by every side that can refuse it early:
 * the LinkedIn service before it sends, the scheduler when a post is scheduled.
 */
export function linkedinLengthProblem(text: string): string | null {
  const { written, sent, limit, over, asSent } = linkedinLimitCheck(text);
  if (!over) return null;
  if (asSent) {
    return `The post is ${formatCount(sent)} characters long as LinkedIn receives it (hashtags and the characters \\ | { } @ [ ] ( ) < > # * _ ~ take extra room); LinkedIn allows at most ${formatCount(limit)}.`;
  }
  return `The post is ${formatCount(written)} characters long; LinkedIn allows at most ${formatCount(limit)}.`;
}
