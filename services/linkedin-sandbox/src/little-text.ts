/** The characters LinkedIn's "little" text format reserves; each must be escaped with a backslash. */
export const RESERVED = new Set(['\\', '|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '*', '_', '~']);

const MENTION = /^@\[([^\]\\]*)\]\((urn:li:(?:person|organization):[A-Za-z0-9_-]+)\)/;
const HASHTAG = /^\{hashtag\|\\#\|([^}|\\]+)\}/;

export interface RenderedText {
  /** what members see */
  text: string;
  /** true when an unescaped reserved character cut the post short, as real LinkedIn does */
  truncated: boolean;
  mentions: string[];
}

/**
 * Renders commentary the way the feed shows it: escapes become their character, mentions
 * `@[Name](urn)` become the name, hashtag templates become `#tag`, and the first unescaped
 * reserved character silently ends the post (the known bug class of careless clients).
 */
export function renderLittleText(commentary: string): RenderedText {
  let text = '';
  const mentions: string[] = [];
  let i = 0;
  while (i < commentary.length) {
    const c = commentary[i];
    if (c === '\\') {
      const next = commentary[i + 1];
      if (next !== undefined && RESERVED.has(next)) {
        text += next;
        i += 2;
        continue;
      }
      return { text, truncated: true, mentions };
    }
    if (c === '@') {
      const m = MENTION.exec(commentary.slice(i));
      if (m) {
        text += m[1];
        mentions.push(m[2]);
        i += m[0].length;
        continue;
      }
    }
    if (c === '{') {
      const m = HASHTAG.exec(commentary.slice(i));
      if (m) {
        text += `#${m[1]}`;
        i += m[0].length;
        continue;
      }
    }
    if (RESERVED.has(c)) return { text, truncated: true, mentions };
    text += c;
    i += 1;
  }
  return { text, truncated: false, mentions };
}
