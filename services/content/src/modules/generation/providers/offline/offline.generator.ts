import { HOOK_MAX_LENGTH } from '@postwright/contracts';
import type { ContentGenerator, GeneratedPost, GenerationInput, GenerationOptions } from '../../generation.types';
import { bodyBandFor, type LengthBand } from '../post-length';
import { composeHooks, type HookVariation } from './hooks';
import { analyseInputs, type Voice } from './inputs';
import { hash } from './text';
import { composers, type Block } from './types';

const JOIN = '\n\n';
const lengthOf = (blocks: Block[]) => blocks.reduce((n, b, i) => n + b.text.length + (i ? JOIN.length : 0), 0);
/** the experience gets whatever room the structure leaves, within these bounds */
const EXPERIENCE_MAX = 520;
const EXPERIENCE_MIN = 40;
const EXPERIENCE_STEP = 20;
/** how many sets of the type's phrasings are tried when the first cannot land in the band */
const WORDINGS = 6;
/** "Generate again" tries this many other takes for one whose body differs from the ones it replaces */
const VARIANTS = 8;
/** how many takes a replaced post can lead to: the next take's number comes from the replaced post's text */
const TAKES = 1_000_000;

type Composer = (v: Voice, seed: number, exp: string) => Block[];

const distance = (length: number, band: LengthBand) => (length < band.min ? band.min - length : length > band.max ? length - band.max : 0);

/**
 * The body for one seed: the framework's blocks for the type, sized so hook + blank line +
 * body lands in the spec's band with every hook. The author's experience keeps
 * as much room as the band allows (it is the proof); optional paragraphs then fill, the
 * higher-priority ones first. When nothing lands in the band, the closest body wins.
 */
function composeBody(voice: Voice, seed: number, compose: Composer, band: LengthBand): { body: string; off: number } {
  let closest: { body: string; off: number } | null = null;
  let previousExperience: string | null = null;
  for (let budget = EXPERIENCE_MAX; budget >= EXPERIENCE_MIN; budget -= EXPERIENCE_STEP) {
    const experience = voice.experience(budget);
    if (experience === previousExperience) continue;
    previousExperience = experience;

    const blocks = compose(voice, seed, experience);
    const optional = blocks.filter((b) => b.optional !== undefined).sort((a, b) => a.optional! - b.optional!);
    // every choice of optional paragraphs, the ones keeping the higher priorities first
    for (let mask = (1 << optional.length) - 1; mask >= 0; mask--) {
      const dropped = new Set(optional.filter((_, i) => !(mask & (1 << (optional.length - 1 - i)))));
      const chosen = blocks.filter((b) => !dropped.has(b));
      const off = distance(lengthOf(chosen), band);
      if (!closest || off < closest.off) closest = { body: chosen.map((b) => b.text).join(JOIN), off };
      if (off === 0) return closest;
    }
  }
  return closest!;
}

/**
 * Writes a post with no network and no model: the framework's structure for the type,
 * filled with the author's own inputs. Same form in, same post out; `take` asks for another
 * take on the same form (its number seeds the wording and the hooks, and it names the hooks
 * to leave out).
 */
export function composePost(input: GenerationInput, take?: { variant: number; avoid?: Omit<HookVariation, 'seed'> }): GeneratedPost {
  const voice = analyseInputs(input);
  const form = [input.contentType, input.topic, input.industryRole, input.personalExperience, input.targetAudience, input.businessGoal];
  const compose = composers[input.contentType];
  const variant = take?.variant ?? 0;
  const variation: HookVariation | undefined = variant
    ? { seed: variant, replacing: take?.avoid?.replacing ?? new Set(), previous: take?.avoid?.previous ?? new Set() }
    : undefined;

  let best: { post: GeneratedPost; off: number } | null = null;
  // the form's own wording first; other picks of the type's phrasings when it cannot fit
  for (let wording = 0; wording < WORDINGS; wording++) {
    const extra = [...(variant ? [variant] : []), ...(wording ? [`w${wording}`] : [])];
    const seed = hash(JSON.stringify([...form, ...extra]));
    let limit = HOOK_MAX_LENGTH;
    for (;;) {
      const { hooks, hookStyles } = composeHooks(input.contentType, voice, limit, variation);
      const band = bodyBandFor(hooks);
      const { body, off } = composeBody(voice, seed, compose, band);
      if (!best || off < best.off) best = { post: { body, hooks, hookStyles }, off };
      if (off === 0) return best.post;
      const longest = Math.max(...hooks.map((h) => h.length));
      // too long beside the longest hook: a shorter wording of that hook gives the body room
      if (body.length < band.min || longest >= limit) break;
      limit = longest;
    }
  }
  return best!.post;
}

const lowerSet = (hooks: readonly string[] = []) => new Set(hooks.map((h) => h.toLowerCase()));

export function offlineGenerator(): ContentGenerator {
  return {
    provider: 'offline',
    model: 'framework-v1',
    async generate(input: GenerationInput, options: GenerationOptions = {}) {
      const { replacing, previous } = options;
      if (!replacing) return composePost(input);
      // "Generate again": the same form would give the same post, so the take is numbered from
      // the text it replaces. Each regeneration differs from the post it replaces (and, where
      // the type has other wordings, from the one before), and the same version replaced gives
      // the same new one.
      const avoid = { replacing: lowerSet(replacing.hooks), previous: lowerSet(previous?.hooks) };
      const first = 1 + (hash(JSON.stringify([replacing.body, ...replacing.hooks])) % TAKES);
      let fallback: GeneratedPost | null = null;
      for (let n = 0; n < VARIANTS; n++) {
        const post = composePost(input, { variant: first + n, avoid });
        if (post.body === replacing.body) continue;
        if (post.body !== previous?.body) return post;
        fallback ??= post;
      }
      return fallback ?? composePost(input, { variant: first, avoid });
    },
  };
}
