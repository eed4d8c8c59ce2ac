import { contentTypes } from '@postwright/contracts';
import type { GeneratedPost, GenerationInput } from '../src/modules/generation/generation.types';
import { offlineGenerator } from '../src/modules/generation/providers/offline/offline.generator';
import { readStance } from '../src/modules/generation/providers/offline/stance';
import { userPrompt } from '../src/modules/generation/providers/prompts';

/**
 * A Contrarian Take's form asks "What conventional wisdom do you disagree with?": the topic is
 * the common view, and the post argues against it. A topic that plainly says it is the member's
 * own contrarian view is argued for instead.
 */
const form = (topic: string): GenerationInput => ({
  contentType: 'controversial',
  topic,
  industryRole: 'Head of Talent at a fintech',
  personalExperience: 'In 2022 we stopped screening for culture fit and our three best hires came from candidates we used to reject.',
  targetAudience: 'Hiring managers',
  businessGoal: null,
});

const paragraphs = (post: GeneratedPost) => post.body.split('\n\n');
const lower = (text: string) => text.toLowerCase();

/** every take a member can see: the first, "Generate again", and again after that */
async function takes(input: GenerationInput): Promise<GeneratedPost[]> {
  const generator = offlineGenerator();
  const first = await generator.generate(input);
  const second = await generator.generate(input, { replacing: first });
  const third = await generator.generate(input, { replacing: second, previous: first });
  return [first, second, third];
}

describe('offline writer: a Contrarian Take argues against the conventional wisdom it is given', () => {
  test.each([
    ['a statement', 'Hiring for culture fit makes teams stronger', 'hiring for culture fit makes teams stronger'],
    ['an instruction', 'Always hire for culture fit', 'you should always hire for culture fit'],
    ['advice to the reader', 'You need a five-year career plan', 'you need a five-year career plan'],
  ])('when the wisdom is %s ("%s"), then the post names it as the common view and disagrees, in every take', async (_shape, topic, clause) => {
    for (const post of await takes(form(topic))) {
      const opening = paragraphs(post)[0];
      // the opening says whose view it is (everyone's) and that the member disagrees
      expect(lower(opening)).toContain(clause.split(' ').slice(-3).join(' '));
      expect(opening).toMatch(/We're told that|Everyone in our field has heard|Most of the advice out there says/);
      expect(opening).toContain('I disagree');
      // never said as the member's own view
      const text = lower([...post.hooks, post.body].join('\n'));
      for (const own of [`unpopular opinion: ${clause}.`, `i'm convinced ${clause}`, `my honest view: ${clause}`, `i'll put it plainly: ${clause}`, `i'll say it plainly: ${clause}`]) {
        expect(text).not.toContain(own);
      }
      // a hook that names the wisdom disputes it
      for (const hook of post.hooks.filter((h) => lower(h).includes(clause))) {
        expect(hook).toMatch(/I disagree|isn't true|no longer believe|stop believing|I stopped|I used to believe|repeated the advice|the opposite|rarely holds/);
      }
    }
  });

  test.each([
    ['tells people to stop', 'Stop hiring for culture fit', 'you should stop hiring for culture fit'],
    ['says the common view holds people back', 'Hiring for culture fit is holding teams back', 'hiring for culture fit is holding teams back'],
    ['is labelled as an unpopular opinion', 'Unpopular opinion: meetings are a tax on execution', 'meetings are a tax on execution'],
    ['speaks in the first person', 'I think annual reviews should go', 'I think annual reviews should go'],
  ])('when the topic %s, then it is the member\'s own view and the post argues for it', async (_how, topic, clause) => {
    for (const post of await takes(form(topic))) {
      const opening = paragraphs(post)[0];
      expect(lower(opening)).toContain(lower(clause));
      expect(opening).not.toContain('I disagree');
      expect(opening).not.toMatch(/We're told|has heard|advice out there says/);
      // a label typed in front of the view is not repeated as part of it
      expect(lower(post.body)).not.toContain('unpopular opinion: unpopular opinion');
    }
  });

  test('when the topic is a subject that already dismisses the common view ("Why culture fit is overrated"), then it is not called "the advice about" it', async () => {
    for (const post of await takes(form('Why culture fit is overrated'))) {
      const text = [...post.hooks, post.body].join('\n');
      expect(text).not.toMatch(/(advice|wisdom|thinking) about why culture fit is overrated/);
      expect(text).toContain('why culture fit is overrated');
    }
  });

  test.each([
    ['Hiring for culture fit makes teams stronger', false],
    ['Always hire for culture fit', false],
    ['Remote work kills mentoring', false],
    ['Should we hire for culture fit?', false],
    ['US companies overpay for talent', false],
    ['Stop hiring for culture fit', true],
    ['Culture fit is overrated', true],
    ['The myth of work-life balance', true],
    ['Hiring for culture fit is holding teams back', true],
    ['Five-year plans no longer work', true],
    ['Hot take: offices are back', true],
    ['We should stop doing annual reviews', true],
    ['Is culture fit overrated?', false],
  ])('when the topic is "%s", then it reads as the member\'s own view: %s', (topic, dissent) => {
    expect(readStance(topic).dissent).toBe(dissent);
  });

  test('when a label such as "Unpopular opinion:" opens the topic, then it is left out of the topic', () => {
    expect(readStance('Unpopular opinion: meetings are a tax on execution')).toEqual({ topic: 'meetings are a tax on execution', dissent: true });
    expect(readStance('Hot take – offices are back')).toEqual({ topic: 'offices are back', dissent: true });
  });
});

describe('model prompt: the topic as each type asks for it', () => {
  const input = (contentType: GenerationInput['contentType']): GenerationInput => ({ ...form('Hiring for culture fit makes teams stronger'), contentType });

  test('when a Contrarian Take is asked for, then the model is told the topic is the conventional wisdom to argue against, and what to do with a topic worded as the author\'s view', () => {
    const prompt = userPrompt(input('controversial'));
    expect(prompt).toContain('Topic: Hiring for culture fit makes teams stronger');
    expect(prompt).toContain('What the topic is: the conventional wisdom the author disagrees with');
    expect(prompt).toContain('Name it as the common view and argue against it; never argue for it.');
    expect(prompt).toContain("that view is the author's: argue for it");
    expect(prompt).toContain('the claim: one clear sentence that names the common view and says the author disagrees');
  });

  test.each([
    ['story', 'the behind-the-scenes moment the author will share: a decision, setback or turning point'],
    ['framework', 'the process or framework the author will teach'],
    ['insight', 'the trend or shift the author sees in their industry'],
    ['learning', 'the lesson, mistake or question the author wants to open up with their network'],
  ] as const)('when a %s post is asked for, then the model is told what its topic is, as the form asks', (contentType, meaning) => {
    expect(userPrompt(input(contentType))).toContain(`What the topic is: ${meaning}.`);
  });

  test('when any type is asked for, then the prompt says what its topic is', () => {
    for (const contentType of contentTypes) expect(userPrompt(input(contentType))).toMatch(/^What the topic is: .+\.$/m);
  });
});
