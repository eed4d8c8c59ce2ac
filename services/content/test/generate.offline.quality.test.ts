import { contentTypes, HOOK_MAX_LENGTH, type ContentType } from '@postwright/contracts';
import { composePost, offlineGenerator } from '../src/modules/generation/providers/offline/offline.generator';
import type { GenerationInput } from '../src/modules/generation/generation.types';

/** The offline generator is what every local install shows: it must read as a human draft. */
const forms: Array<Omit<GenerationInput, 'contentType'>> = [
  {
    topic: 'Remote work productivity',
    industryRole: 'VP of Engineering at a SaaS company',
    personalExperience: 'When we went fully remote, output dropped for three months. Written updates and four hours of daily focus time fixed it.',
    targetAudience: 'Engineering leaders',
    businessGoal: 'Hire senior engineers',
  },
  {
    topic: 'Why most OKR rollouts fail',
    industryRole: 'Operations consultant',
    personalExperience: 'rolled out OKRs at 12 companies; the ones that worked had fewer than 3 objectives per team',
    targetAudience: 'COOs of scale-ups',
    businessGoal: 'book discovery calls',
  },
  {
    topic: 'How to price a SaaS product',
    industryRole: 'Fintech / Head of Growth',
    personalExperience: 'We raised prices 30% last year and lost no customers.',
    targetAudience: 'B2B founders',
    businessGoal: null,
  },
  {
    topic: 'Should we hire generalists?',
    industryRole: 'Founder & CEO, Acme',
    personalExperience: 'Hired 30 specialists in our first year and had to restructure twice.',
    targetAudience: 'a first-time manager',
    businessGoal: 'help first-time managers grow into great leaders',
  },
  { topic: 'AI', industryRole: 'IT', personalExperience: 'Ten chars!', targetAudience: 'x', businessGoal: 'something else entirely' },
  {
    topic: 'The hidden cost of meetings in fast-growing companies that nobody measures but everybody feels every single week',
    industryRole: 'Chief of Staff',
    personalExperience: 'I audited every recurring meeting in our company. '.repeat(40),
    targetAudience: 'Executives at companies with more than 200 people and at least three layers of management',
    businessGoal: 'grow my following',
  },
];

const cases = contentTypes.flatMap((contentType) => forms.map((form) => ({ contentType, ...form }) as GenerationInput));

describe('offline framework generator', () => {
  test.each(cases.map((c) => [c.contentType, c.topic.slice(0, 30), c]))('when writing %s about "%s", then the post is 1,300-1,600 characters with any of its 5 distinct hooks under the fold', (_t, _topic, input) => {
    const post = composePost(input as GenerationInput);
    for (const hook of post.hooks) {
      // what is posted: the hook, a blank line, the body
      expect(`${hook}\n\n${post.body}`.length).toBeGreaterThanOrEqual(1300);
      expect(`${hook}\n\n${post.body}`.length).toBeLessThanOrEqual(1600);
    }
    expect(post.hooks).toHaveLength(5);
    expect(new Set(post.hooks.map((h) => h.toLowerCase())).size).toBe(5);
    for (const hook of post.hooks) {
      expect(hook.length).toBeGreaterThan(10);
      expect(hook.length).toBeLessThan(HOOK_MAX_LENGTH);
    }
  });

  test.each(cases.map((c) => [c.contentType, c.topic.slice(0, 30), c]))('when writing %s about "%s", then there is no placeholder, markdown or broken spacing', (_t, _topic, input) => {
    const { body, hooks } = composePost(input as GenerationInput);
    for (const text of [body, ...hooks]) {
      expect(text).not.toMatch(/undefined|null|NaN|\$\{|\{\w+\}|\[object/);
      expect(text).not.toMatch(/\*\*|^#|__/m);
      expect(text).not.toMatch(/ {2,}|\s[,.;:!?](?!\d)|\.\./);
      expect(text.trim()).toBe(text);
    }
    expect(body).not.toMatch(/\n{3,}/);
    // the body continues from any hook: it never starts with one
    for (const hook of hooks) expect(body.startsWith(hook)).toBe(false);
  });

  test.each(contentTypes)('when writing %s, then every input is used: topic, role, experience, audience and goal', (contentType) => {
    const post = composePost({ contentType, ...forms[0] });
    const text = `${post.body}\n${post.hooks.join('\n')}`;
    expect(text).toContain('remote work productivity');
    expect(post.body).toContain('as VP of Engineering at a SaaS company');
    expect(post.body).toContain('output dropped for three months');
    expect(post.body).toMatch(/engineering leaders/);
    expect(post.body).toContain("P.S. We're hiring people who think this way.");
  });

  test('when the experience starts with a verb, then it reads as the author\'s own sentence', () => {
    const post = composePost({ contentType: 'story', ...forms[1] });
    expect(post.body).toContain('I rolled out OKRs at 12 companies; the ones that worked had fewer than 3 objectives per team.');
  });

  test('when the role names a company or a sector, then the author speaks "at" the company and "in" the sector', () => {
    expect(composePost({ contentType: 'framework', ...forms[2] }).body).toContain('as Head of Growth in fintech');
    expect(composePost({ contentType: 'controversial', ...forms[3] }).body).toContain('as Founder & CEO at Acme');
    expect(composePost({ contentType: 'insight', ...forms[4] }).body).toContain('in IT');
  });

  test('when the topic is a "how to" phrase or a direct question, then it is phrased to fit the sentence', () => {
    const howTo = composePost({ contentType: 'framework', ...forms[2] });
    expect(howTo.hooks).toContain("You don't need more effort on pricing a SaaS product. You need a method.");
    const question = composePost({ contentType: 'controversial', ...forms[3] });
    expect(question.body).toContain('“Should we hire generalists?”');
  });

  test.each([
    ['Hire senior engineers', "P.S. We're hiring"],
    ['book discovery calls with CFOs', 'P.S. If this is a live issue for you right now'],
    ['build my personal brand', 'P.S. I share what I learn'],
    ['grow my network of operators', "P.S. I'm always glad to meet people working on this"],
    ['raise our seed round', 'P.S. If you back teams working on this'],
    ['help founders price with confidence', 'P.S. This is why I spend my time helping founders price with confidence.'],
  ])('when the goal is "%s", then the close serves it without stating it', (businessGoal, close) => {
    const post = composePost({ contentType: 'insight', ...forms[0], businessGoal });
    expect(post.body).toContain(close);
  });

  test('when each type is written, then it follows its own structure', () => {
    const write = (contentType: ContentType) => composePost({ contentType, ...forms[0] }).body;
    expect(write('controversial')).toMatch(/Why does the common view fail\? Three reasons:\n1\. [\s\S]*So what should you do instead\?\n→ [\s\S]*\?/);
    expect(write('story')).toMatch(/Here's what happened\. [\s\S]*(pressure)[\s\S]*(turn came|changed things)[\s\S]*What it taught me, in three lines:/);
    expect(write('framework')).toMatch(/I call it [^\n]+\.\n\n1\. \w+: [\s\S]*\n\n2\. \w+: [\s\S]*\n\n3\. \w+: [\s\S]*\n\n4\. \w+: [\s\S]*How to start this week:/);
    expect(write('insight')).toMatch(/The shift: [\s\S]*Where I'm coming from: [\s\S]*three signals[\s\S]*What it means for engineering leaders:/);
    expect(write('learning')).toMatch(/Nobody figures out [\s\S]*thank you[\s\S]*Now I'd love to hear from you/);
  });

  test('when the same form is written twice, then the post is identical; when the form differs, the wording varies', () => {
    const a = composePost({ contentType: 'controversial', ...forms[0] });
    expect(composePost({ contentType: 'controversial', ...forms[0] })).toEqual(a);
    const variants = new Set(
      ['Pricing', 'Hiring', 'Onboarding', 'Board reporting', 'Team rituals', 'Customer churn'].map((topic) =>
        composePost({ contentType: 'controversial', ...forms[0], topic }).body.split('\n\n')[0].replace(/about .*/, ''),
      ),
    );
    expect(variants.size).toBeGreaterThan(1);
  });

  test.each(contentTypes)('when a %s post is written again from the same form, then the body is another take, and a third take differs from the second', async (contentType) => {
    const generator = offlineGenerator();
    const first = await generator.generate({ contentType, ...forms[0] });
    const again = await generator.generate({ contentType, ...forms[0] }, { replacing: first });
    const third = await generator.generate({ contentType, ...forms[0] }, { replacing: again });
    expect(again.body).not.toBe(first.body);
    expect(third.body).not.toBe(again.body);
    // the same form and take give the same post: "Generate again" is deterministic too
    expect(await generator.generate({ contentType, ...forms[0] }, { replacing: first })).toEqual(again);
  });

  test('when writing 1,000 posts, then the p95 time per post is well under 100 ms', () => {
    const times: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const input = { ...cases[i % cases.length], topic: `${cases[i % cases.length].topic} ${i}` };
      const started = performance.now();
      composePost(input);
      times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    expect(times[Math.floor(times.length * 0.95)]).toBeLessThan(20);
  });
});
