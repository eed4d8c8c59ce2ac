import { contentTypes, HOOK_MAX_LENGTH, OPTIMAL_POST_LENGTH, type ContentType } from '@postwright/contracts';
import type { GenerationInput } from '../src/modules/generation/generation.types';
import { composePost, offlineGenerator } from '../src/modules/generation/providers/offline/offline.generator';

/**
 * What is posted is the chosen hook, a blank line and the body, so that whole text, not the body
 * alone, must land in the spec's band whichever of the five hooks is picked.
 */
const topics = [
  'Remote work productivity',
  'Why most OKR rollouts fail',
  'How to price a SaaS product',
  'Should we hire generalists?',
  'AI',
  'Board reporting',
  'Customer churn',
  'Leadership in a downturn',
  'How to run a board meeting?',
  'The hidden cost of meetings in fast-growing companies that nobody measures but everybody feels every single week',
];

const authors: Array<Omit<GenerationInput, 'contentType' | 'topic'>> = [
  {
    industryRole: 'VP of Engineering at a SaaS company',
    personalExperience: 'When we went fully remote, output dropped for three months. Written updates and four hours of daily focus time fixed it.',
    targetAudience: 'Engineering leaders',
    businessGoal: 'Hire senior engineers',
  },
  {
    industryRole: 'Operations consultant',
    personalExperience: 'rolled out OKRs at 12 companies; the ones that worked had fewer than 3 objectives per team',
    targetAudience: 'COOs of scale-ups',
    businessGoal: 'book discovery calls',
  },
  { industryRole: 'Fintech / Head of Growth', personalExperience: 'We raised prices 30% last year and lost no customers.', targetAudience: 'B2B founders', businessGoal: null },
  { industryRole: 'IT', personalExperience: 'Ten chars!', targetAudience: 'x', businessGoal: 'something else entirely' },
  {
    industryRole: 'Founder & CEO, Acme',
    personalExperience: 'I audited every recurring meeting in our company. '.repeat(40).trim(),
    targetAudience: 'Executives at companies with more than 200 people and at least three layers of management',
    businessGoal: 'grow my following',
  },
  {
    industryRole: 'Chief People Officer',
    personalExperience:
      'Last year our best manager resigned after a reorganisation we announced by email. We rebuilt how we announce change: in person, with the why first, and with a week for questions before anything moves. Two reorganisations later, nobody has left because of one.',
    targetAudience: 'a first-time manager',
    businessGoal: 'help first-time managers grow into great leaders',
  },
];

const forms = contentTypes.flatMap((contentType) =>
  topics.flatMap((topic) => authors.map((author) => ({ contentType, topic, ...author }) as GenerationInput)),
);

/** Every hook of the post whose hook + blank line + body misses the band, described for the failure message. */
function missesOf(input: GenerationInput, post: { body: string; hooks: string[] }): string[] {
  return post.hooks
    .map((hook) => `${hook}\n\n${post.body}`.length)
    .filter((length) => length < OPTIMAL_POST_LENGTH.min || length > OPTIMAL_POST_LENGTH.max)
    .map((length) => `${input.contentType} "${input.topic.slice(0, 30)}" (${input.industryRole}): ${length} characters`);
}

describe('offline framework generator: the length of what is posted', () => {
  test.each(contentTypes)('when %s posts are written for many topics and authors, then every hook, a blank line and the body come to 1,300-1,600 characters', (contentType: ContentType) => {
    const mine = forms.filter((f) => f.contentType === contentType);
    expect(mine.length).toBe(topics.length * authors.length);
    const misses = mine.flatMap((input) => {
      const post = composePost(input);
      expect(post.hooks).toHaveLength(5);
      for (const hook of post.hooks) expect(hook.length).toBeLessThan(HOOK_MAX_LENGTH);
      return missesOf(input, post);
    });
    expect(misses).toEqual([]);
  });

  test.each(contentTypes)('when %s posts are written again (another take on the same form), then the band holds for every hook too', async (contentType: ContentType) => {
    const generator = offlineGenerator();
    const misses: string[] = [];
    for (const input of forms.filter((f) => f.contentType === contentType)) {
      const first = await generator.generate(input);
      const again = await generator.generate(input, { replacing: first });
      const third = await generator.generate(input, { replacing: again });
      for (const post of [again, third]) misses.push(...missesOf(input, post));
    }
    expect(misses).toEqual([]);
  });
});
