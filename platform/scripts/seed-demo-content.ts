/**
 * What the demo member writes about, and when their posts went out: the forms given to the
 * offline writer, the hook style picked for each post, the edits that make some posts shorter
 * or longer than the optimal band, and the weekday-hours of their history (seed-demo.ts).
 */
import type { ContentType, HookStyle } from '@postwright/contracts';

export const DEMO_ROLE = 'CEO of a 120-person B2B software company';
export const DEMO_AUDIENCE = 'Founders and operations leaders';

/** Fifteen subjects, each with something that happened: every type's post is written from one of them. */
const SUBJECTS: ReadonlyArray<{ subject: string; experience: string }> = [
  { subject: 'hiring senior engineers', experience: 'Last spring we dropped the whiteboard round and paid candidates for a one-day project; offer acceptance went from 40% to 75%.' },
  { subject: 'weekly status meetings', experience: 'In March I cancelled our Monday status meeting for a written update, and nobody asked for it back after six weeks.' },
  { subject: 'annual planning', experience: 'We replaced a 60-page annual plan with four quarterly bets, and hit three of them for the first time in years.' },
  { subject: 'raising prices', experience: 'We raised prices 20% on new customers in January; win rates held and two churned customers came back.' },
  { subject: 'onboarding new managers', experience: 'Our first-time managers now shadow a peer for a month before they lead, and their teams stopped losing people in the first quarter.' },
  { subject: 'board meetings', experience: 'I started sending the board deck five days early with three questions on top, and the meeting became a working session.' },
  { subject: 'customer churn', experience: 'When churn hit 4% a month, I called twenty customers who had left myself; eleven named the same missing report.' },
  { subject: 'remote teams', experience: 'After two years fully remote we added one in-person week per quarter, and cross-team projects shipped twice as fast.' },
  { subject: 'sales forecasts', experience: 'We stopped forecasting by gut feel and scored every deal on four facts; the forecast missed by 6% instead of 30%.' },
  { subject: 'performance reviews', experience: 'We swapped the yearly review for a 20-minute conversation every six weeks, and regretted attrition halved.' },
  { subject: 'product roadmaps', experience: 'I cut our roadmap from 40 initiatives to 12 last year, and delivery time halved.' },
  { subject: 'cash flow', experience: 'Two days before payroll our largest customer paid late, and I had to tell the team the truth.' },
  { subject: 'vendor negotiations', experience: 'We renegotiated our three biggest contracts by asking for multi-year terms, and saved the cost of two hires.' },
  { subject: 'company offsites', experience: 'Our last offsite had no slides at all, just three decisions to make, and we made all three by lunch on day one.' },
  { subject: 'customer onboarding', experience: 'We cut onboarding from six weeks to ten days by removing half the steps; support tickets in month one dropped by a third.' },
];

/** Each type says its subject its own way, so the offline writer's topic shapes vary too. */
const TOPIC: Record<ContentType, (subject: string) => string> = {
  controversial: (s) => `Most advice about ${s} is wrong`,
  story: (s) => `the month ${s} nearly broke us`,
  framework: (s) => `my method for ${s}`,
  insight: (s) => `how ${s} is changing this year`,
  learning: (s) => `what my first mentor taught me about ${s}`,
};

export const DEMO_TYPES: readonly ContentType[] = ['controversial', 'story', 'framework', 'insight', 'learning'];
export const DEMO_STYLES: readonly HookStyle[] = ['claim', 'question', 'number', 'story', 'contrast'];

export interface DemoForm {
  contentType: ContentType;
  topic: string;
  industryRole: string;
  personalExperience: string;
  targetAudience: string;
  /** the hook style this post goes out with */
  hookStyle: HookStyle;
  /** whether the member cuts the post short, leaves it, or adds to it */
  length: 'short' | 'as written' | 'long';
}

/** A small PRNG (mulberry32), so the same run of the seed makes the same choices. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Per round of five posts: the first cut short, the second lengthened, the other three as written. */
const LENGTHS: ReadonlyArray<DemoForm['length']> = ['short', 'long', 'as written', 'as written', 'as written'];

/**
 * `count` forms, the five types in turn. Each round of five gives every type and every hook
 * style once, and every length choice falls on every type and style alike, so no group's
 * figures are another's in disguise and every group has posts behind it.
 */
export function demoForms(count: number): DemoForm[] {
  return Array.from({ length: count }, (_, i) => {
    const contentType = DEMO_TYPES[i % DEMO_TYPES.length];
    const round = Math.floor(i / DEMO_TYPES.length);
    const { subject, experience } = SUBJECTS[round % SUBJECTS.length];
    return {
      contentType,
      topic: TOPIC[contentType](subject) + (round >= SUBJECTS.length ? ` (take ${Math.floor(round / SUBJECTS.length) + 1})` : ''),
      industryRole: DEMO_ROLE,
      personalExperience: experience,
      targetAudience: DEMO_AUDIENCE,
      hookStyle: DEMO_STYLES[(i % DEMO_TYPES.length + round) % DEMO_STYLES.length],
      length: LENGTHS[round % LENGTHS.length],
    };
  });
}

/** Paragraphs a member adds when they have more to say. */
const MORE = [
  "One more thing I should add. The first version of this didn't work. We tried it for a month, measured almost nothing, and nearly gave up. What saved it was writing down, before we started, what we expected to see and by when. When the numbers came in, there was no arguing about what they meant.",
  'If you try this, start smaller than feels useful. One team, one quarter, one measure. The temptation is to roll it out everywhere at once, and that is exactly how good ideas get blamed for bad execution.',
  "I've shared this with a few peers since. The ones who got the most from it changed one thing at a time and told their teams why, in plain words, before they started. The ones who got the least announced a programme.",
  "People ask whether this scales. I don't know yet. It has worked at 40 people and at 120. Ask me again at 300.",
];

/**
 * The body as the member leaves it: as the writer wrote it, cut to its first paragraphs and its
 * closing question, or with a few paragraphs of their own added before the closing question.
 */
export function editBody(body: string, length: DemoForm['length']): string {
  if (length === 'as written') return body;
  const paragraphs = body.split('\n\n');
  const closing = paragraphs[paragraphs.length - 1];
  if (length === 'short') return [...paragraphs.slice(0, Math.max(2, Math.ceil((paragraphs.length - 1) / 3))), closing].join('\n\n');
  return [...paragraphs.slice(0, -1), ...MORE, closing].join('\n\n');
}

/**
 * The weekday-hours the demo member posts at, in their time zone (weekday 0 = Sunday): a few
 * habits, each used often enough for the Insights page to compare them.
 */
export const DEMO_SLOTS: ReadonlyArray<{ weekday: number; hour: number }> = [
  { weekday: 2, hour: 8 },
  { weekday: 3, hour: 9 },
  { weekday: 4, hour: 8 },
  { weekday: 1, hour: 12 },
  { weekday: 5, hour: 16 },
  { weekday: 6, hour: 11 },
  { weekday: 0, hour: 20 },
  { weekday: 3, hour: 19 },
];

const DAY = 86_400_000;

/** The weekday (0 = Sunday), calendar date and offset of an instant in a time zone. */
function zoned(at: number, timeZone: string): { weekday: number; y: number; m: number; d: number; h: number; min: number; offsetMs: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', weekday: 'short', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  const [y, m, d, h, min, s] = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map(Number);
  const asUtc = Date.UTC(y, m - 1, d, h % 24, min, s);
  return { weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday), y, m, d, h, min, offsetMs: asUtc - Math.floor(at / 1000) * 1000 };
}

/** The instant at which the clock in `timeZone` shows this date and time (the later one in a repeated hour). */
export function instantIn(timeZone: string, y: number, m: number, d: number, h: number, min: number): number {
  const guess = Date.UTC(y, m - 1, d, h, min);
  const first = guess - zoned(guess, timeZone).offsetMs;
  return guess - zoned(first, timeZone).offsetMs;
}

/**
 * When each post went out: its slot's weekday and hour (and a few minutes) in a week of the last
 * `days`, the posts of one slot spread over the weeks, none in the last day. Each hook style
 * goes through every slot in turn (from a different one), so the slots' figures and the
 * styles' do not stand in for each other.
 */
export function demoTimes(forms: ReadonlyArray<Pick<DemoForm, 'hookStyle'>>, options: { now: number; days: number; timeZone: string; random: () => number }): number[] {
  const { now, days, timeZone, random } = options;
  const order = DEMO_SLOTS.map((_, s) => s);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const taken = new Map<string, number>();
  const slotOf = forms.map(({ hookStyle }) => {
    const nth = taken.get(hookStyle) ?? 0;
    taken.set(hookStyle, nth + 1);
    return order[(nth + 3 * DEMO_STYLES.indexOf(hookStyle)) % order.length];
  });
  const weeks = Math.floor((days - 1) / 7);
  const perSlot = DEMO_SLOTS.map((_, s) => slotOf.filter((x) => x === s).length);
  const used = DEMO_SLOTS.map(() => 0);
  return slotOf.map((s) => {
    const { weekday, hour } = DEMO_SLOTS[s];
    const nth = used[s]++;
    const week = Math.min(weeks - 1, Math.floor((nth * weeks) / Math.max(1, perSlot[s])));
    const minute = Math.floor(random() * 50);
    // the slot's weekday in that week, counted back from yesterday; a week further back when that is within a day
    let day = now - DAY - week * 7 * DAY;
    for (;;) {
      while (zoned(day, timeZone).weekday !== weekday) day -= DAY;
      const { y, m, d } = zoned(day, timeZone);
      const at = instantIn(timeZone, y, m, d, hour, minute);
      if (at <= now - DAY) return at;
      day -= DAY;
    }
  });
}
