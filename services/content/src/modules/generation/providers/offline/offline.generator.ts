import { OPTIMAL_POST_LENGTH } from '@postwright/contracts';
import type { ContentGenerator, GeneratedPost, GenerationInput } from '../../generation.types';
import { composeHooks } from './hooks';
import { analyseInputs } from './inputs';
import { hash } from './text';
import { composers, type Block } from './types';

const JOIN = '\n\n';
const lengthOf = (blocks: Block[]) => blocks.reduce((n, b, i) => n + b.text.length + (i ? JOIN.length : 0), 0);
/** the experience gets whatever room the structure leaves, within these bounds */
const EXPERIENCE_MAX = 520;
const EXPERIENCE_MIN = 160;

/**
 * Writes a post with no network and no model: the framework's structure for the type,
 * filled with the author's own inputs. Same form in, same post out.
 */
export function composePost(input: GenerationInput): GeneratedPost {
  const voice = analyseInputs(input);
  const seed = hash(JSON.stringify([input.contentType, input.topic, input.industryRole, input.personalExperience, input.targetAudience, input.businessGoal]));
  const compose = composers[input.contentType];

  // the experience gets the room the structure leaves (long inputs are cut at a sentence)
  let experience = voice.experience(EXPERIENCE_MAX);
  let blocks = compose(voice, seed, experience);
  for (let attempt = 0; attempt < 3; attempt++) {
    const over = lengthOf(blocks.filter((b) => b.optional === undefined)) - OPTIMAL_POST_LENGTH.max;
    if (over <= 0 || experience.length <= EXPERIENCE_MIN) break;
    experience = voice.experience(Math.max(EXPERIENCE_MIN, experience.length - over));
    blocks = compose(voice, seed, experience);
  }

  // optional paragraphs fill the post towards the target, by priority, without overshooting it
  const chosen = new Set(blocks.filter((b) => b.optional === undefined));
  for (const block of blocks.filter((b) => b.optional !== undefined).sort((a, b) => a.optional! - b.optional!)) {
    if (lengthOf([...chosen, block]) <= OPTIMAL_POST_LENGTH.max) chosen.add(block);
  }
  const body = blocks
    .filter((b) => chosen.has(b))
    .map((b) => b.text)
    .join(JOIN);
  return { body, hooks: composeHooks(input.contentType, voice) };
}

export function offlineGenerator(): ContentGenerator {
  return {
    provider: 'offline',
    model: 'framework-v1',
    generate: async (input) => composePost(input),
  };
}
