/** Small, dependency-free text helpers for the offline generator. Deterministic by design. */

/** FNV-1a: a stable 32-bit hash, so the same form always gives the same post. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny seeded PRNG. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Picker {
  one<T>(items: readonly T[]): T;
  /** n distinct items, in a seeded order */
  some<T>(items: readonly T[], n: number): T[];
}

export function picker(seed: number): Picker {
  const random = seededRandom(seed);
  return {
    one: (items) => items[Math.floor(random() * items.length) % items.length],
    some: (items, n) => {
      const pool = [...items];
      const out: (typeof items)[number][] = [];
      while (out.length < n && pool.length) out.push(pool.splice(Math.floor(random() * pool.length) % pool.length, 1)[0]);
      return out;
    },
  };
}

export const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

export const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** Removes end punctuation so a phrase can sit inside a sentence. */
export const stripEnd = (s: string) => s.replace(/[\s.,;:!?…]+$/u, '');

/** Ends a sentence with a full stop unless it already ends with punctuation. */
export function endSentence(s: string): string {
  const t = s.trim();
  if (!t) return t;
  return /[.!?…]["'”’)]?$/u.test(t) ? t : `${t}.`;
}

export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…]["'”’)]?)\s+(?=["“(]?[A-Z0-9])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Cuts at a word boundary, never mid-word. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${stripEnd(space > max * 0.6 ? cut.slice(0, space) : cut)}…`;
}

const COMMON_FIRST_WORDS = new Set(
  `the a an why how what when where who whether should can could is are do does will would my our your their its this that these those
  most many all every each some more less better new first next early late small large big growing remote hybrid global local digital
  sales marketing product products customer customers client clients team teams people employee employees staff talent leadership leaders
  leader founders founder executives executive managers manager engineers engineer developers designers women men parents students
  senior junior young mid busy modern future hiring pricing funding budget budgets cost costs time money work career careers culture
  data ai machine artificial cloud software tech technology healthcare finance financial banking insurance retail education legal
  real commercial enterprise startup startups small-business b2b b2c saas agency agencies board boards investors investor sustainability
  operations strategy strategic growth revenue brand personal professional public private internal external first-time high low
  fintech healthtech edtech proptech insurtech biotech medtech pharma retail logistics construction hospitality ecommerce e-commerce
  media law energy telecom nonprofit non-profit hospital hospitals nurses doctors lawyers accountants recruiters marketers sellers
  buyers owners partners consultants coaches teachers investors analysts scientists tech-savvy family aspiring ambitious experienced`.split(/\s+/),
);

const COMMON_SUFFIX = /(ing|tion|sion|ment|ness|ity|ship|ance|ence|ers|ors|ists|ians|ism|ics|ies|ive|ure|ogy)$/;

/**
 * Lower-cases the first letter of a phrase for use mid-sentence ("Remote work" -> "remote
 * work") unless it looks like a name or acronym ("LinkedIn", "AI", "Google").
 */
export function midSentence(phrase: string): string {
  const [first = '', ...rest] = phrase.split(/\s+/);
  const word = first.replace(/[^A-Za-z-]/g, '');
  // a name or acronym, or part of one ("Series A founders", "Gen Z"), keeps its capital
  if (!/^[A-Z][a-z-]+$/.test(word) || /^([A-HJ-Z]|\d+)$/.test(rest[0] ?? '')) return phrase;
  const lower = word.toLowerCase();
  // sentence case ("Hospital administrators") is how forms are typed; Title Case is kept as a name
  const sentenceCase = rest.some((w) => /^[a-z]/.test(w)) && !rest.some((w) => /^[A-Z][a-z]/.test(w));
  if (COMMON_FIRST_WORDS.has(lower) || COMMON_SUFFIX.test(lower) || sentenceCase) return phrase[0].toLowerCase() + phrase.slice(1);
  return phrase;
}

export const article = (word: string) => (/^(?:[aeio]|u(?!ni|sa|se|su|ti)|hour|honest|mba|mvp|svp|evp|fcpa|sme|hr\b|fmcg)/i.test(word) ? 'an' : 'a');

/** -ing form of a verb for "how to price X" -> "pricing X". */
export function gerund(verb: string): string {
  const v = verb.toLowerCase();
  if (v.endsWith('ie')) return `${v.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(v) && v !== 'be') return `${v.slice(0, -1)}ing`;
  if (/^(run|stop|plan|get|set|cut|win|sit|put|begin|ship|shop|drop|swap|chat|hit|let)$/.test(v)) return `${v}${v.slice(-1)}ing`;
  return `${v}ing`;
}
