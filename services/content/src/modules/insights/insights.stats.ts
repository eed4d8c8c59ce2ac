/**
 * The statistics behind GET /api/insights: pure functions over a member's published posts. No
 * figure is compared or fed back from a group with fewer measured posts than INSIGHTS_MIN_POSTS,
 * and a post LinkedIn gave no figures for counts as published but never as a zero.
 */
import {
  contentTypeInfo,
  contentTypes,
  hookStyles,
  INSIGHTS_MIN_POSTS,
  lengthBands,
  OPTIMAL_POST_LENGTH,
  type ContentType,
  type HookStyle,
  type HookStyleOrUnknown,
  type InsightsFinding,
  type InsightsGroup,
  type InsightsResponse,
  type LengthBand,
} from '@postwright/contracts';

export interface PostFigures {
  likes: number;
  comments: number;
  impressions: number;
}

/** One published post as the statistics see it. */
export interface InsightsPost {
  contentType: ContentType;
  hookStyle: HookStyleOrUnknown;
  lengthBand: LengthBand;
  publishedAt: Date;
  /** null: LinkedIn has given no figures for it (not yet, or never where the app reads no analytics) */
  figures: PostFigures | null;
}

/** Below this, "x times the comments" says more about noise than about a habit. */
export const MEANINGFUL_RATIO = 1.3;
/** How many recent posts the funnel mix of nextType is read from. */
export const RECENT_POSTS = 10;
/** How many best weekday-hours the schedule dialog is offered. */
export const BEST_SLOTS = 3;

/** The middle value; the mean of the two middle ones for an even count; null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** short < OPTIMAL_POST_LENGTH.min <= optimal <= max < long, in characters as the editor counts them. */
export function lengthBandOf(length: number): LengthBand {
  if (length < OPTIMAL_POST_LENGTH.min) return 'short';
  return length > OPTIMAL_POST_LENGTH.max ? 'long' : 'optimal';
}

/** The zone's canonical name (`europe/paris` -> `Europe/Paris`), or null when the runtime does not know it. */
export function canonicalTimeZone(timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export interface LocalTime {
  /** ISO weekday, 1 = Monday ... 7 = Sunday */
  weekday: number;
  hour: number;
  /** the local date of the Monday that starts the post's week, YYYY-MM-DD */
  weekStart: string;
}

const DAY_MS = 86_400_000;
const isoDate = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);

/**
 * Reads instants as the zone's wall clock. The date and hour come from Intl, which knows each
 * daylight-saving change, so an hour that happens twice (01:30 on a fall-back night) is 01:00
 * both times, and weeks are counted in local calendar days, never in 168-hour steps.
 */
export function zoneClock(timeZone: string): (at: Date) => LocalTime {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric' });
  return (at) => {
    let year = 0;
    let month = 0;
    let day = 0;
    let hour = 0;
    for (const part of format.formatToParts(at)) {
      if (part.type === 'year') year = Number(part.value);
      else if (part.type === 'month') month = Number(part.value);
      else if (part.type === 'day') day = Number(part.value);
      else if (part.type === 'hour') hour = Number(part.value) % 24;
    }
    const localMidnight = Date.UTC(year, month - 1, day);
    const weekday = new Date(localMidnight).getUTCDay() || 7;
    return { weekday, hour, weekStart: isoDate(localMidnight - (weekday - 1) * DAY_MS) };
  };
}

/** A group's counts and medians; `enough` once INSIGHTS_MIN_POSTS of its posts are measured. */
export function groupFigures(posts: readonly InsightsPost[]): InsightsGroup {
  const measured = posts.flatMap((p) => (p.figures ? [p.figures] : []));
  return {
    posts: posts.length,
    measured: measured.length,
    medianReactions: median(measured.map((f) => f.likes)),
    medianComments: median(measured.map((f) => f.comments)),
    medianImpressions: median(measured.map((f) => f.impressions)),
    enough: measured.length >= INSIGHTS_MIN_POSTS,
  };
}

function groupBy<K>(posts: readonly InsightsPost[], key: (p: InsightsPost) => K): Map<K, InsightsPost[]> {
  const groups = new Map<K, InsightsPost[]>();
  for (const post of posts) {
    const k = key(post);
    const list = groups.get(k);
    if (list) list.push(post);
    else groups.set(k, [post]);
  }
  return groups;
}

type Metric = InsightsFinding['metric'];
const medianOf = (group: InsightsGroup, metric: Metric) => (metric === 'comments' ? group.medianComments : group.medianReactions) ?? 0;

/** Best first: median comments, then median reactions; ties keep their given order. */
function ranked<T extends { group: InsightsGroup }>(candidates: readonly T[]): T[] {
  return [...candidates].sort((a, b) => medianOf(b.group, 'comments') - medianOf(a.group, 'comments') || medianOf(b.group, 'reactions') - medianOf(a.group, 'reactions'));
}

/** Comments say more than reactions; reactions speak only when every compared group's comments are zero. */
function metricFor(groups: readonly InsightsGroup[]): Metric | null {
  if (groups.some((g) => medianOf(g, 'comments') > 0)) return 'comments';
  return groups.some((g) => medianOf(g, 'reactions') > 0) ? 'reactions' : null;
}

const formatNumber = (n: number) => (Number.isInteger(n) ? n.toLocaleString('en-US') : n.toFixed(1));
const formatRatio = (n: number) => `${n.toFixed(1)}x`;
const plural = (n: number, one: string, many = `${one}s`) => `${formatNumber(n)} ${n === 1 ? one : many}`;

interface Labelled {
  /** the evidence's short label, e.g. `Framework` */
  label: string;
  /** the group in a sentence after "Your", e.g. `Framework posts` */
  phrase: string;
  group: InsightsGroup;
}

/**
 * Best against worst of the groups with enough measured posts, when the difference is worth a
 * sentence: the best median above zero and at least MEANINGFUL_RATIO times the worst.
 */
function compare(id: string, candidates: readonly Labelled[]): InsightsFinding | null {
  const enough = candidates.filter((c) => c.group.enough);
  if (enough.length < 2) return null;
  const metric = metricFor(enough.map((c) => c.group));
  if (!metric) return null;
  const order = [...enough].sort((a, b) => medianOf(b.group, metric) - medianOf(a.group, metric));
  const best = order[0];
  const worst = order[order.length - 1];
  const high = medianOf(best.group, metric);
  const low = medianOf(worst.group, metric);
  if (high <= 0 || (low > 0 && high / low < MEANINGFUL_RATIO)) return null;
  const counts = `${best.group.measured} and ${worst.group.measured} posts`;
  const text =
    low > 0
      ? `Your ${best.phrase} got ${formatRatio(high / low)} the ${metric} of your ${worst.phrase}: ${counts}.`
      : `Your ${best.phrase} got a median of ${plural(high, metric === 'comments' ? 'comment' : 'reaction')}, your ${worst.phrase} none: ${counts}.`;
  return {
    id: `${id}.${metric}`,
    text,
    metric,
    evidence: [best, worst].map((c) => ({ label: c.label, posts: c.group.measured, median: medianOf(c.group, metric) })),
  };
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** "9 AM", "12 PM": an hour as the app writes times. */
const hourText = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
const slotLabel = (weekday: number, hour: number) => `${WEEKDAYS[weekday - 1]} ${hourText(hour)}`;
/** "posts on Tuesdays at 9 AM": a habit, so the weekday is plural */
const slotPhrase = (weekday: number, hour: number) => `posts on ${WEEKDAYS[weekday - 1]}s at ${hourText(hour)}`;
const bandPhrase: Record<LengthBand, string> = {
  short: `short posts (under ${formatNumber(OPTIMAL_POST_LENGTH.min)} characters)`,
  optimal: `posts of ${formatNumber(OPTIMAL_POST_LENGTH.min)}-${formatNumber(OPTIMAL_POST_LENGTH.max)} characters`,
  long: `long posts (over ${formatNumber(OPTIMAL_POST_LENGTH.max)} characters)`,
};

/** "median 6 over 9 posts", of the metric the group leads on */
function leads(group: InsightsGroup): { metric: Metric; text: string } | null {
  const metric: Metric | null = medianOf(group, 'comments') > 0 ? 'comments' : medianOf(group, 'reactions') > 0 ? 'reactions' : null;
  return metric ? { metric, text: `${metric} (median ${formatNumber(medianOf(group, metric))} over ${group.measured} posts)` } : null;
}

type Recommendations = InsightsResponse['recommendations'];

/** The prompt's styles, those with enough evidence first by their results; null until two styles can be told apart. */
function hookOrder(byStyle: ReadonlyArray<{ hookStyle: HookStyleOrUnknown } & InsightsGroup>): Recommendations['hookOrder'] {
  const known = hookStyles.map((style) => ({ style, group: byStyle.find((g) => g.hookStyle === style) ?? groupFigures([]) }));
  const proven = ranked(known.filter((k) => k.group.enough));
  if (proven.length < 2) return null;
  const why = leads(proven[0].group);
  if (!why) return null;
  const rest = known.filter((k) => !k.group.enough).map((k) => k.style);
  return { styles: [...proven.map((k) => k.style), ...rest], reason: `Your ${proven[0].style} hooks earn the most ${why.text}.` };
}

/** The member's best weekday-hours with enough posts, best first; null when none has enough to show. */
function bestTimes(slots: ReadonlyArray<{ weekday: number; hour: number } & InsightsGroup>): Recommendations['times'] {
  const proven = ranked(slots.filter((s) => s.enough).map((s) => ({ slot: { weekday: s.weekday, hour: s.hour }, group: s })));
  const why = proven.length ? leads(proven[0].group) : null;
  if (!why) return null;
  const best = proven.slice(0, BEST_SLOTS);
  return { slots: best.map((b) => b.slot), reason: `Your ${slotPhrase(best[0].slot.weekday, best[0].slot.hour)} earn the most ${why.text}.` };
}

type Stage = 'top' | 'middle' | 'bottom';
const STAGES: Stage[] = ['top', 'middle', 'bottom'];
/** The distribution strategy (20-30% top, 60% middle, 20% bottom): its floor and aim in percent, as the dashboard reads it. */
const STAGE_TARGET: Record<Stage, { min: number; aim: number; share: string; doing: [one: string, many: string] }> = {
  top: { min: 20, aim: 25, share: '1 in 5', doing: ['reaches new people', 'reach new people'] },
  middle: { min: 55, aim: 60, share: '3 in 5', doing: ['gives value', 'give value'] },
  bottom: { min: 15, aim: 20, share: '1 in 5', doing: ['starts a conversation', 'start conversations'] },
};
const typesOf = (stage: Stage) => contentTypes.filter((t) => contentTypeInfo[t].funnel === stage);
/** "A Framework post", "An Industry Insight post" */
const aPost = (name: string) => `${/^[AEIOU]/.test(name) ? 'An' : 'A'} ${name} post`;

/**
 * The type to write next: the funnel stage furthest below its floor in the member's last posts
 * (or, when none is below, furthest from its aim), then within that stage the type whose posts
 * work best when there is evidence, else the one written least lately.
 */
function nextType(recent: readonly ContentType[], byType: ReadonlyArray<{ contentType: ContentType } & InsightsGroup>): Recommendations['nextType'] {
  const n = recent.length;
  const percent = (stage: Stage) => (n ? (recent.filter((t) => contentTypeInfo[t].funnel === stage).length / n) * 100 : 0);
  const furthest = (gap: (stage: Stage) => number) => STAGES.reduce((best, s) => (gap(s) > gap(best) ? s : best), STAGES[0]);
  const belowFloor = furthest((s) => STAGE_TARGET[s].min - percent(s));
  const stage = STAGE_TARGET[belowFloor].min - percent(belowFloor) > 0 ? belowFloor : furthest((s) => STAGE_TARGET[s].aim - percent(s));
  const target = STAGE_TARGET[stage];
  const count = recent.filter((t) => contentTypeInfo[t].funnel === stage).length;
  const stageText = n
    ? `${count} of your last ${plural(n, 'post')} ${count === 1 ? target.doing[0] : target.doing[1]}; a balanced mix is ${target.share}.`
    : `You have no published posts yet; a balanced mix is ${target.share} posts that ${target.doing[1]}.`;

  const candidates = typesOf(stage);
  const proven = ranked(candidates.flatMap((t) => {
    const group = byType.find((g) => g.contentType === t);
    return group?.enough ? [{ type: t, group }] : [];
  }));
  const why = proven.length ? leads(proven[0].group) : null;
  if (why && candidates.length > 1) {
    const name = contentTypeInfo[proven[0].type].name;
    return { contentType: proven[0].type, reason: `${stageText} Of those types, your ${name} posts earn the most ${why.text}.` };
  }
  // fewest among the recent posts; ties go to the framework's order
  const type = [...candidates].sort((a, b) => recent.filter((t) => t === a).length - recent.filter((t) => t === b).length)[0];
  const name = contentTypeInfo[type].name;
  const typeText = candidates.length > 1 ? `${aPost(name)} is the one of them you have written least lately.` : `${aPost(name)} is next.`;
  return { contentType: type, reason: `${stageText} ${typeText}` };
}

/** Monday-started weeks from the first to the last, every week in between included, as local dates. */
function weeksBetween(first: string, last: string): string[] {
  const weeks: string[] = [];
  for (let at = Date.parse(`${first}T00:00:00Z`), end = Date.parse(`${last}T00:00:00Z`); at <= end; at += 7 * DAY_MS) weeks.push(isoDate(at));
  return weeks;
}

export interface InsightsInput {
  range: InsightsResponse['range'];
  /** a canonical IANA zone (canonicalTimeZone) */
  timeZone: string;
  from: Date | null;
  to: Date;
  /** the member's published posts in [from, to] */
  posts: readonly InsightsPost[];
  /** the types of the member's last RECENT_POSTS posts, whatever the range, newest first */
  recentTypes: readonly ContentType[];
}

export function insights(input: InsightsInput): InsightsResponse {
  const { posts, timeZone } = input;
  const clock = zoneClock(timeZone);
  const local = new Map(posts.map((p) => [p, clock(p.publishedAt)]));

  const types = groupBy(posts, (p) => p.contentType);
  const byType = contentTypes.map((contentType) => ({ contentType, ...groupFigures(types.get(contentType) ?? []) }));
  const styles = groupBy(posts, (p) => p.hookStyle);
  const byHookStyle = [...hookStyles, 'unknown' as const]
    .filter((hookStyle) => hookStyle !== 'unknown' || styles.has('unknown'))
    .map((hookStyle) => ({ hookStyle, ...groupFigures(styles.get(hookStyle) ?? []) }));
  const bands = groupBy(posts, (p) => p.lengthBand);
  const byLength = lengthBands.map((band) => ({ band, ...groupFigures(bands.get(band) ?? []) }));
  const slots = groupBy(posts, (p) => {
    const { weekday, hour } = local.get(p)!;
    return weekday * 24 + hour;
  });
  const byWeekdayHour = [...slots.entries()]
    .sort(([a], [b]) => a - b)
    .map(([key, group]) => ({ weekday: Math.floor(key / 24), hour: key % 24, ...groupFigures(group) }));
  const weeks = groupBy(posts, (p) => local.get(p)!.weekStart);
  const postWeeks = [...weeks.keys()].sort();
  // from the range's start (or the first post) to now (or a post dated later: a clock ahead of ours)
  const firstWeek = input.from ? clock(input.from).weekStart : postWeeks[0];
  const lastWeek = [clock(input.to).weekStart, postWeeks[postWeeks.length - 1]].sort()[1];
  const trend = posts.length ? weeksBetween(firstWeek, lastWeek).map((weekStart) => ({ weekStart, ...groupFigures(weeks.get(weekStart) ?? []) })) : [];

  const findings = [
    compare('type', byType.map((g) => ({ label: contentTypeInfo[g.contentType].name, phrase: `${contentTypeInfo[g.contentType].name} posts`, group: g }))),
    compare('hookStyle', byHookStyle.filter((g): g is typeof g & { hookStyle: HookStyle } => g.hookStyle !== 'unknown').map((g) => ({ label: g.hookStyle, phrase: `${g.hookStyle} hooks`, group: g }))),
    compare('length', byLength.map((g) => ({ label: g.band, phrase: bandPhrase[g.band], group: g }))),
    compare('time', byWeekdayHour.map((g) => ({ label: slotLabel(g.weekday, g.hour), phrase: slotPhrase(g.weekday, g.hour), group: g }))),
  ].filter((f): f is InsightsFinding => f !== null);

  return {
    range: input.range,
    timeZone,
    from: input.from ? input.from.toISOString() : null,
    to: input.to.toISOString(),
    posts: posts.length,
    measured: posts.filter((p) => p.figures).length,
    minimumPosts: INSIGHTS_MIN_POSTS,
    byType,
    byHookStyle,
    byLength,
    byWeekdayHour,
    trend,
    findings,
    recommendations: {
      hookOrder: hookOrder(byHookStyle),
      nextType: nextType(input.recentTypes.slice(0, RECENT_POSTS), byType),
      times: bestTimes(byWeekdayHour),
    },
  };
}
