import { formatCount, HOOK_COUNT, HOOK_MAX_LENGTH, hookStyles, OPTIMAL_POST_LENGTH, type HookStyle } from '@postwright/contracts';
import type { GenerationInput, PostText } from '../generation.types';
import { typeGuide } from './framework';
import { PROMPT_BODY_LENGTH, PROMPT_HOOK_LENGTH } from './post-length';

/** "1,260-1,390": the band the body is asked for (room for the longest hook, enough for the shortest) */
const bodyRange = `${formatCount(PROMPT_BODY_LENGTH.min)}-${formatCount(PROMPT_BODY_LENGTH.max)}`;
const hookRange = `${PROMPT_HOOK_LENGTH.min}-${PROMPT_HOOK_LENGTH.max}`;
const postRange = `${formatCount(OPTIMAL_POST_LENGTH.min)}-${formatCount(OPTIMAL_POST_LENGTH.max)}`;

/** What each hook style asks of a hook, in the prompt's words. */
const hookStyleGuide: Record<HookStyle, string> = {
  claim: 'a bold claim',
  question: 'a question the reader cannot ignore',
  number: 'a number (a count, an amount, a span of time)',
  story: 'the opening of a story (a moment in time)',
  contrast: 'a contrast (what people think vs. what is true)',
};

/** JSON schema of the structured answer: the body, exactly 5 hooks and each hook's style. */
export const postJsonSchema = {
  type: 'object',
  properties: {
    body: {
      type: 'string',
      description: `The post without its hook, ${bodyRange} characters, plain text`,
    },
    hooks: {
      type: 'array',
      description: `${HOOK_COUNT} different opening lines, each ${hookRange} characters (always under ${HOOK_MAX_LENGTH})`,
      items: { type: 'string' },
      minItems: HOOK_COUNT,
      maxItems: HOOK_COUNT,
    },
    hookStyles: {
      type: 'array',
      description: `The style of each hook, in the same order as hooks: ${hookStyles.join(', ')}`,
      items: { type: 'string', enum: [...hookStyles] },
      minItems: HOOK_COUNT,
      maxItems: HOOK_COUNT,
    },
  },
  required: ['body', 'hooks', 'hookStyles'],
  additionalProperties: false,
} as const;

/** "claim: a bold claim; question: ...": the styles by the names the answer gives them. */
const styleList = hookStyles.map((style) => `${style}: ${hookStyleGuide[style]}`).join('; ');
const answerShape = `{"body": string, "hooks": [${HOOK_COUNT} strings], "hookStyles": [the style of each hook, in the same order, each one of ${hookStyles.map((s) => `"${s}"`).join(', ')}]}`;

export function systemPrompt(): string {
  return [
    'You are a ghostwriter for executives and senior professionals on LinkedIn.',
    'You write in the first person as the author, in plain, confident, human English, following a five-type content framework: Contrarian Take, Behind the Scenes, Framework, Industry Insight and Relationship Builder.',
    'Every post must pass the "$1,000 insight test": a reader in the target audience would pay $1,000 for this advice. That means specific, concrete and usable, never generic filler.',
    'Use only facts the author gave you. Never invent statistics, names, companies, quotes or results.',
    'Format for LinkedIn: plain text only, no markdown (no asterisks, no pound signs, no bold), no hashtags, no emojis at the start of lines, short paragraphs of one to three sentences separated by blank lines.',
    `The whole post (the chosen hook, a blank line, then the body) must be ${postRange} characters with any of the hooks, so the body must be ${bodyRange} characters long.`,
    `Write exactly ${HOOK_COUNT} hooks (opening lines), each ${hookRange} characters and always under ${HOOK_MAX_LENGTH} characters so it stands above LinkedIn's "see more" fold, each in a different style: ${styleList}.`,
    'The reader will pick one hook and it will be placed above the body followed by a blank line, so the body must not start with a hook or repeat one; it continues naturally from any of them.',
    `Answer with JSON only: ${answerShape}.`,
  ].join('\n');
}

/** "Generate again": the posts a new take must not repeat (the one replaced, then the one before it). */
export interface Replaced {
  replacing?: PostText;
  previous?: PostText;
}

const openingOf = (body: string) => body.split(/\n\s*\n/)[0].trim();

function anotherTake({ replacing, previous }: Replaced): string[] {
  if (!replacing) return [];
  const hooks = [...new Set([...replacing.hooks, ...(previous?.hooks ?? [])])];
  return [
    '',
    'The author already has a post from this form and asked for another take. Write a clearly different post: another angle, other reasons and examples, and a different opening paragraph (the same facts from the author are still the proof).',
    `Write ${HOOK_COUNT} new hooks. Do not reuse or lightly reword any of these earlier hooks:`,
    ...hooks.map((h) => `- ${h}`),
    `The earlier body opened with: ${openingOf(replacing.body)}`,
  ];
}

export function userPrompt(input: GenerationInput, replaced: Replaced = {}): string {
  const guide = typeGuide(input.contentType);
  const lines = [
    `Content type: ${guide.name} (posted on ${guide.day}; purpose: ${guide.purpose}).`,
    `Funnel role: ${guide.funnel}.`,
    `What this post is for: ${guide.job}`,
    'Structure, in this order:',
    ...guide.structure.map((beat, i) => `${i + 1}. ${beat}`),
    `Tone: ${guide.tone}.`,
    '',
    `Topic: ${input.topic}`,
    `What the topic is: ${guide.topic}.`,
    `The author (industry/role): ${input.industryRole}`,
    `The author's personal experience (use it as the proof at the heart of the post): ${input.personalExperience}`,
    `The reader (target audience): ${input.targetAudience}`,
    input.businessGoal
      ? `The author's business goal: ${input.businessGoal}. Let the post quietly serve it and let the closing line fit it; never state the goal itself.`
      : 'No business goal was given: close with a question that starts a conversation.',
    ...anotherTake(replaced),
  ];
  return lines.join('\n');
}

export function repairPrompt(problems: string[]): string {
  return [
    'Your previous answer could not be used:',
    ...problems.map((p) => `- ${p}`),
    `Answer again with JSON only: {"body": string of ${bodyRange} characters, "hooks": [exactly ${HOOK_COUNT} different strings, each ${hookRange} characters], "hookStyles": [the style of each hook, in the same order]}.`,
  ].join('\n');
}
