import { createHash } from 'node:crypto';

/**
 * How the sandbox's audience answers a post: figures that depend on what a reader sees (the
 * opening line's style, the kind of post, its length), on when it went out (weekday and hour in
 * the audience's time zone) and on its age, with noise that is the same every time for the same
 * post. Made up, but shaped like what LinkedIn creators report, so an analytics screen fed by it
 * has patterns to find and tests get stable figures. docs/linkedin.md, "The sandbox".
 */

export const METRICS = ['IMPRESSION', 'MEMBERS_REACHED', 'RESHARE', 'REACTION', 'COMMENT'] as const;
export type Metric = (typeof METRICS)[number];

export type HookStyle = 'claim' | 'question' | 'number' | 'story' | 'contrast';
export type PostKind = 'controversial' | 'story' | 'framework' | 'insight' | 'learning';

/** What the model reads of a post: its visible text and when it went out. */
export interface MeasuredPost {
  id: string;
  text: string;
  createdAt: number;
}

const HOUR_MS = 3600_000;

/** Impressions a post gets at once (the author's closest network), before the feed spreads it. */
const FIRST_IMPRESSIONS = 20;
/** impressions a post with every factor at 1 ends up with */
const BASE_REACH = 2_000;
const BASE_REACTION_RATE = 0.03;
/** comments and reposts, per reaction */
const BASE_COMMENT_RATE = 0.14;
const BASE_REPOST_RATE = 0.06;

interface Factors {
  reach: number;
  reactions: number;
  comments: number;
  reposts: number;
}
const NEUTRAL: Factors = { reach: 1, reactions: 1, comments: 1, reposts: 1 };

/** A question invites answers; a story earns reactions; a bare claim is the baseline. */
const HOOK_FACTORS: Record<HookStyle, Factors> = {
  question: { reach: 1.05, reactions: 1.3, comments: 2.2, reposts: 0.9 },
  story: { reach: 1.1, reactions: 1.2, comments: 1.3, reposts: 1 },
  contrast: { reach: 1.05, reactions: 1.1, comments: 1.15, reposts: 1.1 },
  number: { reach: 1.1, reactions: 1, comments: 0.9, reposts: 1.4 },
  claim: NEUTRAL,
};

/** Behind-the-scenes stories draw comments, frameworks get saved and reposted, contrarian takes travel but split the room. */
const KIND_FACTORS: Record<PostKind, Factors> = {
  story: { reach: 1.05, reactions: 1.3, comments: 1.6, reposts: 0.8 },
  controversial: { reach: 1.2, reactions: 0.85, comments: 1.5, reposts: 0.9 },
  framework: { reach: 1, reactions: 1.2, comments: 0.8, reposts: 2 },
  insight: { reach: 1.1, reactions: 1, comments: 0.9, reposts: 1.3 },
  learning: { reach: 0.95, reactions: 1.15, comments: 1.2, reposts: 0.7 },
};

/** Tuesday to Thursday mornings are LinkedIn's busiest feed; weekends and nights the quietest. */
const WEEKDAY_REACH = [0.7, 1, 1.2, 1.25, 1.2, 0.95, 0.7]; // Sunday first, as Date#getDay
function hourReach(hour: number): number {
  if (hour >= 7 && hour < 10) return 1.35;
  if (hour >= 10 && hour < 12) return 1.15;
  if (hour >= 12 && hour < 15) return 1.05;
  if (hour >= 15 && hour < 18) return 0.9;
  if (hour >= 18 && hour < 22) return 0.8;
  return 0.7;
}

/** The optimal 1,300-1,600 characters do best; each 100 characters outside costs a little reach and more reactions. */
export const OPTIMAL_LENGTH = { min: 1300, max: 1600 } as const;
function lengthFactors(length: number): Factors {
  const off = length < OPTIMAL_LENGTH.min ? OPTIMAL_LENGTH.min - length : length > OPTIMAL_LENGTH.max ? length - OPTIMAL_LENGTH.max : 0;
  const reach = Math.max(0.7, 1 - off / 2_500);
  const reactions = Math.max(0.7, 1 - off / 1_600);
  return { reach, reactions, comments: reactions, reposts: reactions };
}

/**
 * Share of a post's eventual reach it has at this age: nine tenths within its first day or two
 * (a 10-hour time constant), the rest over the following weeks (4 days).
 */
export function reachedShare(ageMs: number): number {
  const hours = Math.max(0, ageMs) / HOUR_MS;
  return 0.9 * (1 - Math.exp(-hours / 10)) + 0.1 * (1 - Math.exp(-hours / 96));
}

const PAST_VERBS =
  /\b(was|were|had|did|used to|took|told|came|saw|gave|got|wrote|built|found|learned|learnt|realised|realized|remember|stopped|started|changed|made|asked|spent|lost|missed|noticed|thought|believed|went|left|quit|hired|fired|failed)\b/i;
const FIRST_PERSON = /\b(i|me|my|we|our|us)\b/i;
const NUMBER_WORDS = /^(one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|a hundred)\b/i;
/** a count of things: "3 reasons", "the 4-step method", "48 hours" */
const COUNTED = /\b\d+[- ](steps?|reasons?|lessons?|things|signals|habits|changes|ways|mistakes|people|conversations|questions|rules)\b/i;
const QUESTION_WORD = /^(who|what|how|why|when|where|which|do|does|did|is|are|was|have|has|can|could|will|would|should|ever)\b/i;
/** a first sentence that states the common view, set against what follows */
const CONTRAST_OPENING = /^(most people|everyone|the common view|what people|on paper|the headlines|the update|last year|in private|courses|instinct|i used to think|i thought)\b/i;
const NOT_BUT = /\bnot\b[^.]*\bbut\b|\b(instead of|rather than|versus)\b|\bnot the same\b/i;

/**
 * The style of a post's opening line, by its shape: a question ends with '?', a number opens
 * with one or counts things ("3 reasons"), a contrast sets the common view against another (or
 * says "not ... but"), a story speaks in the first person of something past; anything else is a claim.
 */
export function hookStyleOf(text: string): HookStyle {
  const line = (text.split('\n').find((l) => l.trim()) ?? '').trim();
  // a question quoted inside a statement is not the line's own question
  const unquoted = line.replace(/“[^”]*”|"[^"]*"/g, '""');
  if (/\?(\s|$)/.test(unquoted) || (/\?["”]$/.test(line) && QUESTION_WORD.test(line))) return 'question';
  if (/^\d/.test(line) || NUMBER_WORDS.test(line) || COUNTED.test(line)) return 'number';
  const sentences = line.split(/(?<=[.!?:]["”]?)\s+/).filter(Boolean);
  if (NOT_BUT.test(unquoted) || (sentences.length > 1 && CONTRAST_OPENING.test(line))) return 'contrast';
  if (FIRST_PERSON.test(line) && PAST_VERBS.test(line)) return 'story';
  if (/\b(years ago|last (week|month|year)|once|the day|the moment|a story)\b/i.test(line)) return 'story';
  return 'claim';
}

/** Phrases each kind of post tends to carry; the kind with clearly the most wins. */
const KIND_CUES: Record<PostKind, RegExp[]> = {
  controversial: [/unpopular opinion/i, /\bi disagree\b/i, /conventional (wisdom|answer)/i, /standard (advice|answer)/i, /common view/i, /usual (advice|thinking|answer)/i, /am i wrong/i, /\bcontrarian\b/i, /goes against/i, /\bdefault answer\b/i],
  story: [/behind the scenes/i, /here's what happened/i, /behind closed doors/i, /the turn came/i, /messy middle/i, /\bi remember\b/i, /highlight reel/i, /\bat the time\b/i, /\bthat night\b|\bthat day\b|\bthat week\b/i],
  framework: [/\bframework\b/i, /\bmethod\b/i, /\bstep (one|1)\b/i, /\bsteps?\b/i, /how to start/i, /\bchecklist\b/i, /\brepeatable\b/i, /^\s*[1-4]\.\s+\w+:/m],
  insight: [/\bshift(ing)?\b/i, /\btrends?\b/i, /\bsignals?\b/i, /\bheadlines\b/i, /where things are heading/i, /pulling ahead/i, /\bin (our|your|the) (industry|market)\b/i, /\bthe data\b/i],
  learning: [/taught me/i, /\bthank you\b/i, /\bmentors?\b/i, /from other people|from people/i, /who taught you/i, /\bfeedback\b/i, /pass it on/i, /borrowed from/i],
};

/**
 * The kind of post, where the text tells: the one whose cues it carries most, by at least two
 * and ahead of the next by one. LinkedIn knows no "types"; this stands for how readers react to
 * what a post is, and a post it cannot read gets no such effect (null).
 */
export function postKindOf(text: string): PostKind | null {
  const scores = (Object.keys(KIND_CUES) as PostKind[]).map((kind) => ({ kind, score: KIND_CUES[kind].filter((cue) => cue.test(text)).length }));
  scores.sort((a, b) => b.score - a.score);
  const [best, next] = scores;
  return best.score >= 2 && best.score > next.score ? best.kind : null;
}

/** The weekday (0 = Sunday) and hour of a moment in a time zone. */
export function weekdayHourIn(at: number, timeZone: string): { weekday: number; hour: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' }).formatToParts(new Date(at));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.find((p) => p.type === 'weekday')!.value);
  return { weekday, hour: Number(parts.find((p) => p.type === 'hour')!.value) % 24 };
}

/** mulberry32: a small PRNG, seeded from the post id so the same post always draws the same noise. */
function prngFor(id: string): () => number {
  let a = createHash('sha256').update(id).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A multiplier around 1 with a log-normal spread of `sigma`, clamped to two spreads (so even an unlucky post is seen). */
function lognormal(random: () => number, sigma: number): number {
  const u = Math.max(random(), 1e-12);
  const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  return Math.exp(sigma * Math.max(-2, Math.min(2, normal)));
}

/** What the model made of a post: for the test controls and the docs' examples. */
export interface EngagementReading {
  hookStyle: HookStyle;
  kind: PostKind | null;
  length: number;
  weekday: number;
  hour: number;
}

export function readPost(post: MeasuredPost, timeZone: string): EngagementReading {
  return { hookStyle: hookStyleOf(post.text), kind: postKindOf(post.text), length: post.text.length, ...weekdayHourIn(post.createdAt, timeZone) };
}

/**
 * A post's figures at `now`. Its eventual reach multiplies the factors of its hook style, kind,
 * length, weekday and hour and the post's own noise; impressions grow towards it with age
 * (reachedShare), and reactions, comments and reposts are rates of what came before them.
 */
export function metricsFor(post: MeasuredPost, now: number, timeZone = 'UTC'): Record<Metric, number> {
  const reading = readPost(post, timeZone);
  const hook = HOOK_FACTORS[reading.hookStyle];
  const kind = reading.kind ? KIND_FACTORS[reading.kind] : NEUTRAL;
  const length = lengthFactors(reading.length);
  const random = prngFor(post.id);
  const noise = { reach: lognormal(random, 0.2), reactions: lognormal(random, 0.15), comments: lognormal(random, 0.2), reposts: lognormal(random, 0.25), reached: 0.6 + 0.3 * random() };
  const time = WEEKDAY_REACH[reading.weekday] * hourReach(reading.hour);

  const reach = BASE_REACH * hook.reach * kind.reach * length.reach * time * noise.reach;
  const impressions = FIRST_IMPRESSIONS + Math.floor(reach * reachedShare(now - post.createdAt));
  const reactions = Math.floor(impressions * BASE_REACTION_RATE * hook.reactions * kind.reactions * length.reactions * noise.reactions);
  return {
    IMPRESSION: impressions,
    MEMBERS_REACHED: Math.floor(impressions * noise.reached),
    REACTION: reactions,
    COMMENT: Math.floor(reactions * BASE_COMMENT_RATE * hook.comments * kind.comments * length.comments * noise.comments),
    RESHARE: Math.floor(reactions * BASE_REPOST_RATE * hook.reposts * kind.reposts * length.reposts * noise.reposts),
  };
}
