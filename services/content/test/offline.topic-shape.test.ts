import { evalTopics } from '../src/modules/generation/eval/topics';
import { claimClause, topicShape } from '../src/modules/generation/providers/offline/topic-shape';

/** The offline writer phrases a topic by its shape, so the shape must be read right. */
describe('offline writer: the shape of a topic', () => {
  test.each(evalTopics.map((t) => [t.input.topic, t.shape]))('when the topic is "%s", then it reads as a %s', (topic, shape) => {
    expect(topicShape(topic)).toBe(shape);
  });

  test.each([
    // claims: a subject and a finite verb, an auxiliary, or an instruction
    ['Meetings are a tax on execution', 'claim'],
    ['Culture eats strategy for breakfast', 'claim'],
    ['Nobody reads your deck', 'claim'],
    ['Sales is a team sport', 'claim'],
    ['Less is more', 'claim'],
    ['Every startup needs a CFO', 'claim'],
    ['Marketing costs more than you think', 'claim'],
    ['Remote work changed how we hire', 'claim'],
    ['90% of startups fail because of cash', 'claim'],
    ['Data that nobody reads is waste', 'claim'],
    ["It's time to kill the annual review", 'claim'],
    ["Don't hire for culture fit", 'claim'],
    ['Do not hire for culture fit', 'claim'],
    ['Sales cures all', 'claim'],
    ['I hired too fast', 'claim'],
    ['Never split the difference', 'claim'],
    ['Focus on retention', 'claim'],
    ['Do more with less', 'claim'],
    // noun phrases, including ones whose words could be verbs
    ['Marketing costs', 'noun'],
    ['Customer needs', 'noun'],
    ['Quick wins', 'noun'],
    ['Hiring managers', 'noun'],
    ['Build vs buy', 'noun'],
    ['Remote work productivity', 'noun'],
    ['AI', 'noun'],
    ['Q2 planning in May', 'noun'],
    ['Lessons learned the hard way', 'noun'],
    ['Things every founder should know', 'noun'],
    ['3 mistakes founders make with pricing', 'noun'],
    ['Meetings that could have been an email', 'noun'],
    ['The hidden cost of meetings that nobody measures but everybody feels', 'noun'],
    // a clause that fits after "about" is not asked
    ['Why most OKR rollouts fail', 'noun'],
    ['When to raise a Series A', 'noun'],
    // direct questions, with or without the question mark
    ['Why do OKRs fail', 'question'],
    ['Do you need a CFO', 'question'],
    ["What's the real cost of a bad hire", 'question'],
    ['Is remote work dead?', 'question'],
    ['Remote work kills mentoring?', 'question'],
    // "how to" and gerund phrases
    ['How to run a board meeting?', 'how-to'],
    ['how to price a SaaS product', 'how-to'],
    ['Onboarding', 'gerund'],
    ['Leading through a downturn', 'gerund'],
    ['Building a customer success function in a company that has never had one', 'gerund'],
  ])('when the topic is "%s", then it reads as a %s', (topic, shape) => {
    expect(topicShape(topic)).toBe(shape);
  });

  test.each([
    ['Meetings are a tax on execution', 'Meetings are a tax on execution'],
    ['Stop hiring for culture fit', 'you should stop hiring for culture fit'],
    ["Don't hire for culture fit", "you shouldn't hire for culture fit"],
    ['Do not hire for culture fit', "you shouldn't hire for culture fit"],
    ['Never split the difference', 'you should never split the difference'],
    ['Focus on retention', 'you should focus on retention'],
  ])('when the claim "%s" follows "that", then it reads "%s"', (claim, clause) => {
    expect(claimClause(claim)).toBe(clause);
  });
});
