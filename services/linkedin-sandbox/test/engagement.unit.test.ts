import { hookStyleOf, metricsFor, postKindOf, reachedShare, weekdayHourIn, type MeasuredPost } from '../src/engagement';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Wednesday 8 June 2022, 08:00 UTC: a good weekday morning */
const WEDNESDAY_8AM = Date.UTC(2022, 5, 8, 8);

/** A body of `length` characters that names no kind of post. */
const filler = (length: number) => 'Plain words about work and results. '.repeat(Math.ceil(length / 36)).slice(0, length);

function post(overrides: Partial<MeasuredPost> & { hook?: string; bodyLength?: number } = {}): MeasuredPost {
  const { hook = 'Results come from focus.', bodyLength = 1400, ...rest } = overrides;
  return { id: 'urn:li:share:7000000000000000001', text: `${hook}\n\n${filler(bodyLength)}`, createdAt: WEDNESDAY_8AM, ...rest };
}

/** The median of a metric over many posts that differ only in their ids (so only in their noise). */
function median(make: (id: string) => MeasuredPost, metric: 'IMPRESSION' | 'REACTION' | 'COMMENT' | 'RESHARE', at = WEDNESDAY_8AM + 30 * DAY): number {
  const values = Array.from({ length: 41 }, (_, i) => metricsFor(make(`urn:li:share:70000000000000${String(i).padStart(5, '0')}`), at)[metric]).sort((a, b) => a - b);
  return values[20];
}

describe('the sandbox engagement model', () => {
  test.each([
    ['Who taught you the most about your work?', 'question'],
    ['Has your answer to “How do you hire?” changed this year? Mine has.', 'question'],
    ['Who taught you how to answer “How do you hire?”', 'question'],
    ['3 reasons the usual advice fails.', 'number'],
    ['The 4-step method I use for every hard problem. Steal it.', 'number'],
    ['One moment, one decision, and 3 lessons I still use.', 'number'],
    ['3 signals I keep seeing that change the answer to “How do you hire?”', 'number'],
    ['Most people treat hiring as a talent. I treat it as a process.', 'contrast'],
    ['It is not about effort, but about method.', 'contrast'],
    ['Everyone has a quick answer to “How do you hire?” The useful one takes longer.', 'contrast'],
    ['I used to believe what everyone believes. Then I saw it up close.', 'story'],
    ['Years ago a colleague took me aside and asked me one question.', 'story'],
    ['Most of the advice in our industry is wrong.', 'claim'],
    ["You don't need more effort. You need a method.", 'claim'],
  ])('when the first line is %j, then its style is %s', (line, style) => {
    expect(hookStyleOf(`${line}\nThe rest of the post.`)).toBe(style);
  });

  test('when a post carries the cues of one kind, then that kind is read; with none, or a tie, no kind', () => {
    expect(postKindOf('Unpopular opinion: the standard advice is wrong. I disagree with it.')).toBe('controversial');
    expect(postKindOf("Let me take you behind the scenes. Here's what happened that week.")).toBe('story');
    expect(postKindOf('The framework I use has four steps.\n\n1. Define: one sentence.\n2. Decide: one change.')).toBe('framework');
    expect(postKindOf('A quiet shift: the same three signals keep coming up.')).toBe('insight');
    expect(postKindOf('A mentor taught me this. Thank you to everyone who shared a lesson.')).toBe('learning');
    expect(postKindOf(filler(1400))).toBeNull();
    expect(postKindOf('The framework is a method. Thank you, mentors.')).toBeNull();
  });

  test('when the same post is read twice at the same time, then the figures are the same; another post has its own noise', () => {
    const a = post();
    expect(metricsFor(a, WEDNESDAY_8AM + DAY)).toEqual(metricsFor({ ...a }, WEDNESDAY_8AM + DAY));
    expect(metricsFor({ ...a, id: 'urn:li:share:7000000000000000002' }, WEDNESDAY_8AM + DAY)).not.toEqual(metricsFor(a, WEDNESDAY_8AM + DAY));
  });

  test('when a post ages, then its figures only grow, most of the way in its first two days, and level off', () => {
    expect(reachedShare(0)).toBe(0);
    expect(reachedShare(DAY)).toBeGreaterThan(0.8);
    expect(reachedShare(2 * DAY)).toBeGreaterThan(0.9);
    expect(reachedShare(90 * DAY)).toBeGreaterThan(0.999);
    const p = post();
    const at = (ms: number) => metricsFor(p, p.createdAt + ms);
    expect(at(0).IMPRESSION).toBeGreaterThanOrEqual(20);
    let previous = at(0);
    for (const age of [HOUR, 6 * HOUR, DAY, 7 * DAY, 30 * DAY, 90 * DAY]) {
      const now = at(age);
      for (const metric of ['IMPRESSION', 'REACTION', 'COMMENT', 'RESHARE'] as const) expect(now[metric]).toBeGreaterThanOrEqual(previous[metric]);
      previous = now;
    }
    expect(at(DAY).IMPRESSION).toBeGreaterThan(at(0).IMPRESSION * 10);
    expect(at(90 * DAY).IMPRESSION).toBeLessThan(at(30 * DAY).IMPRESSION * 1.01);
  });

  test('when posts differ only in their hook style, then question hooks earn the most comments and claims the fewest reactions', () => {
    const styled = (hook: string) => (id: string) => post({ id, hook });
    const question = styled('What would you change first?');
    const claim = styled('Results come from focus.');
    const story = styled('I learned this the hard way last year.');
    expect(median(question, 'COMMENT')).toBeGreaterThan(1.5 * median(claim, 'COMMENT'));
    expect(median(question, 'COMMENT')).toBeGreaterThan(median(story, 'COMMENT'));
    expect(median(story, 'REACTION')).toBeGreaterThan(median(claim, 'REACTION'));
  });

  test('when posts differ only in their kind, then stories get the most comments and frameworks the most reposts', () => {
    const kind = (cues: string) => (id: string) => ({ ...post({ id }), text: `Results come from focus.\n\n${cues}\n\n${filler(1300)}` });
    const story = kind("Behind the scenes: here's what happened.");
    const framework = kind('My framework, a method in four steps.');
    const plain = kind('');
    expect(median(story, 'COMMENT')).toBeGreaterThan(1.3 * median(plain, 'COMMENT'));
    expect(median(framework, 'RESHARE')).toBeGreaterThan(1.5 * median(plain, 'RESHARE'));
  });

  test('when posts differ only in length, then the optimal 1,300-1,600 characters do best', () => {
    const sized = (bodyLength: number) => (id: string) => post({ id, bodyLength });
    const optimal = median(sized(1400), 'REACTION');
    expect(optimal).toBeGreaterThan(median(sized(500), 'REACTION'));
    expect(optimal).toBeGreaterThan(median(sized(2600), 'REACTION'));
    expect(median(sized(1400), 'IMPRESSION')).toBeGreaterThan(median(sized(500), 'IMPRESSION'));
  });

  test("when posts differ only in when they went out, then a weekday morning beats a weekend night, in the audience's time zone", () => {
    const saturday11pm = Date.UTC(2022, 5, 11, 23);
    const at = (createdAt: number) => (id: string) => post({ id, createdAt });
    const end = saturday11pm + 60 * DAY;
    expect(median(at(WEDNESDAY_8AM), 'IMPRESSION', end)).toBeGreaterThan(2 * median(at(saturday11pm), 'IMPRESSION', end));
    expect(weekdayHourIn(WEDNESDAY_8AM, 'UTC')).toEqual({ weekday: 3, hour: 8 });
    expect(weekdayHourIn(WEDNESDAY_8AM, 'America/New_York')).toEqual({ weekday: 3, hour: 4 });
    // the same instant is a night post for a New York audience
    const p = post();
    expect(metricsFor(p, end, 'America/New_York').IMPRESSION).toBeLessThan(metricsFor(p, end, 'UTC').IMPRESSION);
  });
});
