import type { ContentType } from '@postwright/contracts';

/**
 * Each content type's own label, help text and example for the topic and personal-experience
 * fields (in the spec's words, "each type has its own label and help text"), plus the one-line pitch
 * shown on its card. The three say the same thing: the example is an answer to the label's
 * question, and the help says what the post does with it (a Contrarian Take's topic is the
 * belief the member disagrees with, and the post argues against it).
 */
export interface TypeCopy {
  pitch: string;
  topicLabel: string;
  topicHelp: string;
  topicPlaceholder: string;
  experienceLabel: string;
  experienceHelp: string;
  experiencePlaceholder: string;
}

export const typeCopy: Record<ContentType, TypeCopy> = {
  controversial: {
    pitch: 'Challenge a belief your industry takes for granted and show why your experience says otherwise.',
    topicLabel: 'What conventional wisdom do you disagree with?',
    topicHelp: 'Write the common belief the way people in your field say it. The post names it and argues against it, with your experience as the proof.',
    topicPlaceholder: 'e.g. Hiring for culture fit makes teams stronger',
    experienceLabel: 'What happened that changed your mind?',
    experienceHelp: 'Describe the decision, moment or result that proved the common view wrong. Specifics make a contrarian take credible.',
    experiencePlaceholder: 'e.g. In 2022 we stopped screening for culture fit and our best three hires came from the candidates we used to reject...',
  },
  story: {
    pitch: 'Open the door on a decision, setback or turning point people rarely get to see.',
    topicLabel: 'What behind-the-scenes moment will you share?',
    topicHelp: 'A decision, setback or turning point from inside your company or career.',
    topicPlaceholder: 'e.g. The week we almost missed payroll',
    experienceLabel: 'Tell the story',
    experienceHelp: 'What happened, what was at stake and how it felt. Include one detail only an insider would know.',
    experiencePlaceholder: 'e.g. Two days before payroll our largest customer paid late. I called the team together and...',
  },
  framework: {
    pitch: 'Teach a repeatable method you use, step by step, so readers can apply it tomorrow.',
    topicLabel: 'What process or framework will you teach?',
    topicHelp: 'A repeatable method you use to solve a problem, such as how you run quarterly planning.',
    topicPlaceholder: 'e.g. My 3-question filter for saying no to projects',
    experienceLabel: 'Where has this framework worked for you?',
    experienceHelp: 'Describe a situation where you applied it and the result it produced. Mention the steps if you can.',
    experiencePlaceholder: 'e.g. Last year I used this 3-question filter to cut our roadmap from 40 projects to 12, and delivery time halved...',
  },
  insight: {
    pitch: 'Point out a shift in your market before everyone else notices it, and what it means.',
    topicLabel: 'What trend or shift are you seeing in your industry?',
    topicHelp: 'A change in your market, technology or customers that others have not fully noticed yet.',
    topicPlaceholder: 'e.g. Mid-market buyers now expect usage-based pricing',
    experienceLabel: 'What have you seen first-hand?',
    experienceHelp: 'The data point, conversation or experience that makes you confident about this trend.',
    experiencePlaceholder: 'e.g. In the last quarter, 7 of our 10 enterprise renewals asked to move to usage-based contracts...',
  },
  learning: {
    pitch: 'Share a lesson or a mistake honestly and invite your network into the conversation.',
    topicLabel: 'What lesson or question do you want to open up?',
    topicHelp: 'A lesson you learned, a mistake you made, or a question you want your network to weigh in on.',
    topicPlaceholder: 'e.g. What I got wrong about my first 90 days as CEO',
    experienceLabel: 'What experience taught you this?',
    experienceHelp: 'Share the situation honestly, including what you would do differently. Candour invites conversation.',
    experiencePlaceholder: 'e.g. I spent my first month changing processes before I understood why they existed...',
  },
};
