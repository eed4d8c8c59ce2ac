/** The characters LinkedIn's "little" text format reserves; each must be escaped with a backslash. */
export const RESERVED = new Set(['\\', '|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '*', '_', '~']);

const MENTION = /^@\[([^\]\\]*)\]\((urn:li:(?:person|organization):[A-Za-z0-9_-]+)\)/;
/**
 * HashtagTemplate ::= '{hashtag|' ('#' | '＃') '|' Text '}', the sign bare as LinkedIn's example
 * writes it (`{hashtag|#|Technology}`). Some clients in the field send it escaped (`\#`), which the
 * grammar does not have: it is read as a hashtag here and reported (`escapedHashtagSigns`), so the
 * API can refuse it. The value is Text, so reserved characters in it come escaped.
 */
const HASHTAG_TEMPLATE = /^\{hashtag\|(\\#|#|＃)\|((?:[^\\|{}@[\]()<>#*_~]|\\[\\|{}@[\]()<>#*_~])+)\}/;
/** HashtagElement ::= '#' SINGLE_WORD: a plain hashtag, as a member types it in LinkedIn itself. */
const HASHTAG_ELEMENT = /^#([\p{L}\p{M}\p{N}_]+)/u;

export type LittleSegment =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; name: string; urn: string }
  | { kind: 'hashtag'; sign: string; tag: string };

export interface ParsedLittleText {
  segments: LittleSegment[];
  /** true when an unescaped reserved character cut the post short, as real LinkedIn does */
  truncated: boolean;
  /** hashtag templates written with the undocumented escaped sign, `{hashtag|\#|tag}` */
  escapedHashtagSigns: number;
}

export interface RenderedText {
  /** what members see */
  text: string;
  /** true when an unescaped reserved character cut the post short, as real LinkedIn does */
  truncated: boolean;
  mentions: string[];
}

/**
 * Reads commentary the way LinkedIn does: escapes become their character, `@[Name](urn)` a
 * mention, `{hashtag|#|tag}` and a plain `#word` a hashtag, and the first other unescaped
 * reserved character (a lone `#` included) silently ends the post (the known bug class of
 * careless clients).
 */
export function parseLittleText(commentary: string): ParsedLittleText {
  const segments: LittleSegment[] = [];
  let escapedHashtagSigns = 0;
  let text = '';
  const flush = () => {
    if (text) segments.push({ kind: 'text', text });
    text = '';
  };
  const done = (truncated: boolean): ParsedLittleText => {
    flush();
    return { segments, truncated, escapedHashtagSigns };
  };
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
      return done(true);
    }
    if (c === '@') {
      const m = MENTION.exec(commentary.slice(i));
      if (m) {
        flush();
        segments.push({ kind: 'mention', name: m[1], urn: m[2] });
        i += m[0].length;
        continue;
      }
    }
    if (c === '{') {
      const m = HASHTAG_TEMPLATE.exec(commentary.slice(i));
      if (m) {
        flush();
        if (m[1] === '\\#') escapedHashtagSigns += 1;
        segments.push({ kind: 'hashtag', sign: m[1] === '＃' ? '＃' : '#', tag: m[2].replace(/\\(.)/g, '$1') });
        i += m[0].length;
        continue;
      }
    }
    if (c === '#') {
      const m = HASHTAG_ELEMENT.exec(commentary.slice(i));
      if (m) {
        flush();
        segments.push({ kind: 'hashtag', sign: '#', tag: m[1] });
        i += m[0].length;
        continue;
      }
    }
    if (RESERVED.has(c)) return done(true);
    text += c;
    i += 1;
  }
  return done(false);
}

/** What a segment shows in the feed. */
export function segmentText(segment: LittleSegment): string {
  if (segment.kind === 'text') return segment.text;
  if (segment.kind === 'mention') return segment.name;
  return `${segment.sign}${segment.tag}`;
}

/** The tags (without sign) of commentary, in order. */
export function hashtagsOf(commentary: string): string[] {
  return parseLittleText(commentary).segments.flatMap((s) => (s.kind === 'hashtag' ? [s.tag] : []));
}

/** Commentary as members read it: mentions as the name, hashtags as `#tag`, cut where LinkedIn cuts. */
export function renderLittleText(commentary: string): RenderedText {
  const { segments, truncated } = parseLittleText(commentary);
  return {
    text: segments.map(segmentText).join(''),
    truncated,
    mentions: segments.flatMap((s) => (s.kind === 'mention' ? [s.urn] : [])),
  };
}
