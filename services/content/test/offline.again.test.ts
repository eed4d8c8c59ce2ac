import { contentTypes, type ContentType } from '@postwright/contracts';
import type { GeneratedPost, GenerationInput } from '../src/modules/generation/generation.types';
import { evalTopics } from '../src/modules/generation/eval/topics';
import { offlineGenerator } from '../src/modules/generation/providers/offline/offline.generator';

/**
 * "Generate again" on the same draft must give another post, not the same five hooks back. The
 * offline writer is deterministic: the take it writes follows from the post it replaces.
 */
const form = (contentType: ContentType, topic = 'Remote work productivity'): GenerationInput => ({
  contentType,
  topic,
  industryRole: 'VP of Engineering at a SaaS company',
  personalExperience: 'When we went fully remote, output dropped for three months. Written updates and four hours of daily focus time fixed it.',
  targetAudience: 'Engineering leaders',
  businessGoal: 'Hire senior engineers',
});

const sameHooks = (a: GeneratedPost, b: GeneratedPost) => a.hooks.filter((h) => b.hooks.some((o) => o.toLowerCase() === h.toLowerCase()));

describe('offline writer: "Generate again" gives another post', () => {
  const generator = offlineGenerator();

  test.each(contentTypes)('when a %s draft is generated again, then the body and all five hooks differ from the post it replaces', async (contentType) => {
    const first = await generator.generate(form(contentType));
    const again = await generator.generate(form(contentType), { replacing: first });
    expect(again.body).not.toBe(first.body);
    expect(sameHooks(again, first)).toEqual([]);
    expect(again.hooks).toHaveLength(5);
  });

  test.each(contentTypes)('when a %s draft is generated again twice, then the third take differs from the second (body and hooks) and does not bring the first back', async (contentType) => {
    const first = await generator.generate(form(contentType));
    const second = await generator.generate(form(contentType), { replacing: first });
    const third = await generator.generate(form(contentType), { replacing: second, previous: first });
    expect(third.body).not.toBe(second.body);
    expect(third.body).not.toBe(first.body);
    expect(sameHooks(third, second)).toEqual([]);
    expect(sameHooks(third, first)).toEqual([]);
  });

  test('when the same version is replaced twice, then the same new take comes back (deterministic per version)', async () => {
    const first = await generator.generate(form('insight'));
    const a = await generator.generate(form('insight'), { replacing: first });
    const b = await generator.generate(form('insight'), { replacing: first });
    expect(b).toEqual(a);
    const c = await generator.generate(form('insight'), { replacing: a, previous: first });
    expect(await generator.generate(form('insight'), { replacing: a, previous: first })).toEqual(c);
  });

  test('when every fixture form is generated again, then no take hands back a hook of the post it replaces or of the one before', async () => {
    const repeated: string[] = [];
    for (const { input } of evalTopics) {
      const first = await generator.generate(input);
      const second = await generator.generate(input, { replacing: first });
      const third = await generator.generate(input, { replacing: second, previous: first });
      for (const [take, before] of [[second, first], [third, second], [third, first]] as const) {
        const same = sameHooks(take, before);
        if (same.length || take.body === before.body) repeated.push(`${input.contentType} "${input.topic}": ${same.join(' | ') || 'same body'}`);
      }
    }
    expect(repeated).toEqual([]);
  });
});
