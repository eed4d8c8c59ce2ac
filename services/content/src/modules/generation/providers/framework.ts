import { contentTypeInfo, type ContentType } from '@postwright/contracts';

/**
 * How each type of the framework is built. Shared by the model prompts and the offline
 * generator so both write the same kind of post for a type.
 */
export interface TypeGuide {
  name: string;
  day: string;
  purpose: string;
  funnel: string;
  /** what the post is for, in one sentence */
  job: string;
  /** what the form's topic field holds for this type (its label asks for it) and how the post treats it */
  topic: string;
  /** the beats of the post, in order */
  structure: string[];
  tone: string;
}

const funnelText = {
  top: 'top of funnel: reach people who do not follow the author yet (20-30% of posts)',
  middle: 'middle of funnel: give followers something they can use, which builds trust (about 60% of posts)',
  bottom: 'bottom of funnel: deepen relationships and start conversations that can turn into business (about 20% of posts)',
} as const;

const guides: Record<ContentType, Omit<TypeGuide, 'name' | 'day' | 'purpose' | 'funnel'>> = {
  controversial: {
    job: 'Challenge a belief most of the audience holds, and earn the right to by showing proof.',
    topic:
      'the conventional wisdom the author disagrees with (the form asks "What conventional wisdom do you disagree with?"). Name it as the common view and argue against it; never argue for it. If the topic is plainly worded as the author\'s own contrarian view instead (it opens with "Unpopular opinion" or "Stop", calls the common view overrated, a myth or wrong, or speaks in the first person), that view is the author\'s: argue for it',
    structure: [
      'the claim: one clear sentence that names the common view and says the author disagrees',
      'why the common view fails: two or three concrete reasons, not straw men',
      "the author's own experience as proof",
      'what to do instead, specific enough to try this week',
      'a question that invites people to disagree or add their view',
    ],
    tone: 'confident and direct, never insulting; disagree with ideas, not people',
  },
  story: {
    job: 'Show a real moment from behind the scenes and what it taught the author.',
    topic: 'the behind-the-scenes moment the author will share: a decision, setback or turning point',
    structure: [
      'the scene: a specific moment (when, where, who was in the room)',
      'the tension: what was at stake or what went wrong',
      'the turn: the decision, conversation or realisation that changed things',
      'the lesson: what the reader can take into their own work, then a question',
    ],
    tone: 'first person, honest, concrete details, including the doubt the author felt',
  },
  framework: {
    job: 'Hand the reader a named, repeatable method they can apply to their own situation.',
    topic: 'the process or framework the author will teach',
    structure: [
      'the problem the framework solves and who has it',
      'the framework with a short name and three to five named steps, each with how and why',
      "where the steps came from: the author's experience",
      'how to start this week, then a question',
    ],
    tone: 'practical and generous; numbered steps on their own lines are welcome (plain text, no markdown)',
  },
  insight: {
    job: 'Name a shift in the industry before most people see it and say what it means.',
    topic: 'the trend or shift the author sees in their industry',
    structure: [
      'the trend: what is changing',
      'the evidence: what the author sees first-hand (never invented statistics)',
      'the implication: what it means for the reader and what to do about it',
      'a question about what the reader is seeing',
    ],
    tone: 'observant and measured; specific rather than hyped',
  },
  learning: {
    job: 'Build relationships: credit the people and moments that taught the author something, and open a conversation.',
    topic: 'the lesson, mistake or question the author wants to open up with their network',
    structure: [
      'gratitude or a lesson: who or what taught the author something',
      'what the author does differently because of it',
      'an invitation: ask readers to share theirs, or to connect or reach out',
    ],
    tone: 'warm, humble and specific; generous to others',
  },
};

export function typeGuide(type: ContentType): TypeGuide {
  const info = contentTypeInfo[type];
  return { name: info.name, day: info.day, purpose: info.purpose, funnel: funnelText[info.funnel], ...guides[type] };
}
