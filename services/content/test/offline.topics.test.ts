import { contentTypes, HOOK_MAX_LENGTH, OPTIMAL_POST_LENGTH } from '@postwright/contracts';
import type { GeneratedPost, GenerationInput } from '../src/modules/generation/generation.types';
import { evalTopics } from '../src/modules/generation/eval/topics';
import { offlineGenerator } from '../src/modules/generation/providers/offline/offline.generator';

/**
 * The offline writer must be grammatical for every shape of topic: a claim typed as the topic
 * ("Meetings are a tax on execution") must not land in "the advice about {topic}"; every
 * realistic form in the evaluation fixture is written, first take and "Generate again".
 */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const typed = (topic: string) => topic.trim().replace(/[\s.!?]+$/, '');

/** Patterns that only broken sentences produce, whatever the topic. */
const BROKEN = [
  /\babout (is|are|was|were|will|should|does|do)\b/i, // a claim or question split after "about"
  /\?”[.,:;]/, // a quoted question followed by more punctuation
  /\?”\?/,
  /\bthe idea that\b/, // the fallback for claims is never needed: claims have their own wording
  /\b(the|a|an|to|of|about|and|that) \1\b/i,
  /\b(a|an) (a|an|the)\b/i,
  /\b(about|around|on|of|that|to) (Why|What|How|When|Who|Where|Which|The|A|An|Our|My|Most|Every|Is|Are)\b/, // a topic left capitalised mid-sentence
  /undefined|null|NaN|\$\{|\{\w+\}|\[object/,
  / {2,}/,
];

/** Words that put the topic in the reader's or everyone's mouth: wrong for the author's own story. */
const READER_VOICE = /\b(you knew|taught you|showed you|nobody|everyone|most people|most of us|we all|do you|are you|has your)\b/i;

const posts: Array<{ label: string; shape: string; input: GenerationInput; post: GeneratedPost }> = [];

beforeAll(async () => {
  const generator = offlineGenerator();
  for (const { shape, input } of evalTopics) {
    const first = await generator.generate(input);
    const again = await generator.generate(input, { replacing: first });
    posts.push({ label: `${input.contentType} "${input.topic}"`, shape, input, post: first });
    posts.push({ label: `${input.contentType} "${input.topic}" (again)`, shape, input, post: again });
  }
});

const textOf = ({ body, hooks }: GeneratedPost) => [...hooks, body].join('\n');
const sentencesOf = (post: GeneratedPost) => textOf(post).split(/(?<=[.!?”])\s+|\n+/);
/** Each failing post, named, so a failure says which topic broke and how. */
const failing = (check: (p: (typeof posts)[number]) => string | null) => posts.map((p) => check(p) && `${p.label}: ${check(p)}`).filter(Boolean);

describe('offline writer: every shape of topic', () => {
  test('when the fixture is read, then it covers at least 60 topics, every shape and every content type', () => {
    expect(evalTopics.length).toBeGreaterThanOrEqual(60);
    for (const shape of ['claim', 'noun', 'question', 'how-to', 'gerund']) {
      for (const contentType of contentTypes) {
        expect(evalTopics.filter((t) => t.shape === shape && t.input.contentType === contentType).length).toBeGreaterThanOrEqual(2);
      }
    }
  });

  test('when each fixture topic is written, then no sentence has a known broken pattern', () => {
    expect(failing(({ post }) => BROKEN.find((re) => re.test(textOf(post)))?.source ?? null)).toEqual([]);
  });

  test('when the topic is a claim, then it never follows "about", "on", "around", "for", "with" or "of" directly', () => {
    const broken = failing(({ shape, input, post }) => {
      if (shape !== 'claim') return null;
      const after = new RegExp(`\\b(about|on|around|for|with|of|to)\\s+${escape(typed(input.topic))}`, 'i');
      return after.exec(textOf(post))?.[0] ?? null;
    });
    expect(broken).toEqual([]);
  });

  test('when the topic is a direct question, then it is only ever quoted', () => {
    const broken = failing(({ shape, input, post }) => {
      if (shape !== 'question') return null;
      const question = typed(input.topic);
      const unquoted = textOf(post).split(`“${question}?”`).join('');
      return unquoted.toLowerCase().includes(question.toLowerCase()) ? 'the question appears unquoted' : null;
    });
    expect(broken).toEqual([]);
  });

  test('when the topic is the author\'s own ("our Series B fundraise", "I was wrong about remote work"), then nobody else is made to say it', () => {
    const broken = failing(({ shape, input, post }) => {
      if (!/\b(i|my|our|we)\b/i.test(input.topic) || shape === 'question') return null;
      const topic = typed(input.topic).toLowerCase();
      return sentencesOf(post).find((s) => s.toLowerCase().includes(topic) && READER_VOICE.test(s)) ?? null;
    });
    expect(broken).toEqual([]);
  });

  test('when each fixture topic is written, then the topic itself is in the post', () => {
    const missing = failing(({ input, post }) => {
      const lastWords = typed(input.topic).split(/\s+/).slice(-3).join(' ').toLowerCase();
      return textOf(post).toLowerCase().includes(lastWords) ? null : `"${lastWords}" is missing`;
    });
    expect(missing).toEqual([]);
  });

  test('when each fixture topic is written, then there are 5 distinct hooks, each under the fold', () => {
    const broken = failing(({ post }) => {
      if (post.hooks.length !== 5 || new Set(post.hooks.map((h) => h.toLowerCase())).size !== 5) return `hooks: ${post.hooks.join(' | ')}`;
      const long = post.hooks.find((h) => h.length >= HOOK_MAX_LENGTH || h.length < 10);
      return long ? `hook of ${long.length} characters: ${long}` : null;
    });
    expect(broken).toEqual([]);
  });

  test('when each fixture topic is written, then the hook, a blank line and the body come to 1,300-1,600 characters with every hook', () => {
    const broken = failing(({ post }) => {
      const lengths = post.hooks.map((hook) => `${hook}\n\n${post.body}`.length);
      return lengths.some((n) => n < OPTIMAL_POST_LENGTH.min || n > OPTIMAL_POST_LENGTH.max) ? `lengths ${lengths.join(', ')}` : null;
    });
    expect(broken).toEqual([]);
  });

  test("when each fixture topic is written, then the author's experience is in the body: its first sentence, as typed", () => {
    const missing = failing(({ input, post }) => {
      const first = input.personalExperience.split(/(?<=[.!?;])\s+/)[0];
      // from the second word on: the first may be capitalised or given an "I"
      const words = first.replace(/[.!?;]+$/, '').split(/\s+/).slice(1, 9).join(' ');
      return post.body.includes(words) ? null : `"${words}" is missing`;
    });
    expect(missing).toEqual([]);
  });

  test('when each fixture topic is written, then the body never starts with one of its hooks', () => {
    expect(failing(({ post }) => post.hooks.find((hook) => post.body.startsWith(hook)) ?? null)).toEqual([]);
  });
});
