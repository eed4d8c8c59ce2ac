import { OPTIMAL_POST_LENGTH } from '@postwright/contracts';

/**
 * What the author posts is the chosen hook, a blank line, then the body
 * (postTextOf), so the spec's 1,300-1,600 characters (OPTIMAL_POST_LENGTH) is a rule for that
 * whole text, whichever of the five hooks is picked, not for the body alone.
 */
const HOOK_SEPARATOR = '\n\n';

export interface LengthBand {
  min: number;
  max: number;
}

/** The post's length with this hook: hook, blank line, body. */
export const postLength = (hookLength: number, bodyLength: number) => hookLength + HOOK_SEPARATOR.length + bodyLength;

/**
 * The body lengths that land the post within OPTIMAL_POST_LENGTH with every one of these
 * hooks: at least enough for the shortest, and room left for the longest. Hooks are under
 * 210 characters, so the band is never empty (its width is 300 minus the hooks' spread).
 */
export function bodyBandFor(hooks: readonly string[]): LengthBand {
  const lengths = hooks.map((h) => h.length);
  return {
    min: OPTIMAL_POST_LENGTH.min - HOOK_SEPARATOR.length - Math.min(...lengths),
    max: OPTIMAL_POST_LENGTH.max - HOOK_SEPARATOR.length - Math.max(...lengths),
  };
}

/**
 * What a model is asked for before it has written its hooks: hooks within this range, and a
 * body that fits any of them (rounded inwards to tens for a readable prompt).
 */
export const PROMPT_HOOK_LENGTH: LengthBand = { min: 40, max: 200 };
export const PROMPT_BODY_LENGTH: LengthBand = {
  min: Math.ceil((OPTIMAL_POST_LENGTH.min - HOOK_SEPARATOR.length - PROMPT_HOOK_LENGTH.min) / 10) * 10,
  max: Math.floor((OPTIMAL_POST_LENGTH.max - HOOK_SEPARATOR.length - PROMPT_HOOK_LENGTH.max) / 10) * 10,
};
