import { HOOK_COUNT, HOOK_MAX_LENGTH, OPTIMAL_POST_LENGTH } from '@postwright/contracts';
import type { ContentGenerator, GeneratedPost, GenerationInput, PostText } from '../generation.types';
import { postLength } from '../providers/post-length';

/**
 * Judging generated posts: the same forms run against whatever generator is
 * configured, each post checked against what the product promises. The checks are the spec's
 * rules (length band with every hook, 5 distinct hooks under the fold) and two of taste: the
 * author's experience is carried into the post, and none of the filler phrases readers skip.
 */

/** Phrases that mark a post as machine-written filler; readers and LinkedIn's audience skip them. */
const BANNED_PHRASES = [
  "in today's fast-paced world",
  'in today’s fast-paced world',
  'in the ever-evolving',
  'ever-changing landscape',
  'game-changer',
  'game changer',
  'delve into',
  "let's dive in",
  'let’s dive in',
  'unlock the power',
  'unleash',
  'synergy',
  'at the end of the day',
  "it's no secret that",
  'in conclusion',
  'buckle up',
  'a testament to',
  'navigate the complexities',
  'tapestry',
];

export interface PostChecks {
  /** every hook + blank line + body within OPTIMAL_POST_LENGTH */
  lengthBand: boolean;
  /** exactly HOOK_COUNT hooks, all different */
  distinctHooks: boolean;
  /** every hook under HOOK_MAX_LENGTH */
  hookLength: boolean;
  /** most of the experience's telling words are in the post */
  experienceCarried: boolean;
  /** the filler phrases found (none is a pass) */
  banned: string[];
}

const words = (text: string) => text.toLowerCase().match(/[a-z0-9%$£€]+(?:['’-][a-z0-9]+)*/g) ?? [];
const STOP = new Set(['about', 'after', 'again', 'because', 'before', 'being', 'could', 'every', 'first', 'their', 'there', 'these', 'those', 'through', 'until', 'where', 'which', 'while', 'would', 'other', 'should', 'still', 'since', 'years', 'never', 'always']);

/**
 * The experience is carried when at least half of its telling words (numbers, and words of 5
 * letters or more that are not filler) appear in the post. A paraphrase that keeps the facts
 * passes; a post that ignores them does not.
 */
export function experienceCarried(experience: string, post: string): boolean {
  const telling = [...new Set(words(experience).filter((w) => /\d/.test(w) || (w.length >= 5 && !STOP.has(w))))];
  if (!telling.length) return true;
  const inPost = new Set(words(post));
  return telling.filter((w) => inPost.has(w)).length / telling.length >= 0.5;
}

export function checkPost(input: GenerationInput, post: PostText): PostChecks {
  const whole = `${post.hooks.join('\n')}\n${post.body}`;
  const lower = whole.toLowerCase();
  return {
    lengthBand: post.hooks.length > 0 && post.hooks.every((hook) => {
      const length = postLength(hook.length, post.body.length);
      return length >= OPTIMAL_POST_LENGTH.min && length <= OPTIMAL_POST_LENGTH.max;
    }),
    distinctHooks: post.hooks.length === HOOK_COUNT && new Set(post.hooks.map((h) => h.trim().toLowerCase())).size === HOOK_COUNT,
    hookLength: post.hooks.every((hook) => hook.length > 0 && hook.length < HOOK_MAX_LENGTH),
    experienceCarried: experienceCarried(input.personalExperience, whole),
    banned: BANNED_PHRASES.filter((phrase) => lower.includes(phrase)),
  };
}

export interface EvalCase {
  shape: string;
  input: GenerationInput;
}

export type CaseResult =
  | { case: EvalCase; ok: true; post: GeneratedPost; checks: PostChecks; latencyMs: number }
  | { case: EvalCase; ok: false; error: string; latencyMs: number };

/** Runs every case against the generator, `concurrency` at a time, timing each. */
export async function runEvaluation(generator: ContentGenerator, cases: EvalCase[], options: { concurrency?: number; onResult?: (r: CaseResult) => void } = {}): Promise<CaseResult[]> {
  const results: CaseResult[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const index = next++;
      const one = cases[index];
      const started = performance.now();
      try {
        const post = await generator.generate(one.input);
        results[index] = { case: one, ok: true, post, checks: checkPost(one.input, post), latencyMs: performance.now() - started };
      } catch (error) {
        results[index] = { case: one, ok: false, error: error instanceof Error ? error.message : String(error), latencyMs: performance.now() - started };
      }
      options.onResult?.(results[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 1, cases.length)) }, worker));
  return results;
}

export interface SummaryRow {
  check: string;
  passed: number;
  total: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One row per check over the posts written, plus failures and latency. */
function summarise(results: CaseResult[]) {
  const written = results.flatMap((r) => (r.ok ? [r] : []));
  const count = (pass: (c: PostChecks) => boolean) => written.filter((r) => pass(r.checks)).length;
  const rows: SummaryRow[] = [
    { check: 'post written', passed: written.length, total: results.length },
    { check: `length band (${OPTIMAL_POST_LENGTH.min}-${OPTIMAL_POST_LENGTH.max} with every hook)`, passed: count((c) => c.lengthBand), total: written.length },
    { check: `${HOOK_COUNT} distinct hooks`, passed: count((c) => c.distinctHooks), total: written.length },
    { check: `hook length (< ${HOOK_MAX_LENGTH})`, passed: count((c) => c.hookLength), total: written.length },
    { check: 'experience carried', passed: count((c) => c.experienceCarried), total: written.length },
    { check: 'no banned filler phrases', passed: count((c) => !c.banned.length), total: written.length },
  ];
  const latencies = results.map((r) => r.latencyMs).sort((a, b) => a - b);
  return { rows, latency: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) } };
}

/** The table `npm run eval:generation` prints, then the posts that missed a check. */
export function formatReport(generator: { provider: string; model: string }, results: CaseResult[]): string {
  const { rows, latency } = summarise(results);
  const width = Math.max(...rows.map((r) => r.check.length));
  const lines = [
    `Generator: ${generator.provider} / ${generator.model}, ${results.length} forms`,
    '',
    `${'check'.padEnd(width)}  passed   share`,
    ...rows.map((r) => `${r.check.padEnd(width)}  ${`${r.passed}/${r.total}`.padStart(6)}  ${(r.total ? (100 * r.passed) / r.total : 0).toFixed(0).padStart(5)}%`),
    `${'latency p50 / p95'.padEnd(width)}  ${(latency.p50 / 1000).toFixed(2)} s / ${(latency.p95 / 1000).toFixed(2)} s`,
  ];
  const misses = results.flatMap((r) => {
    if (!r.ok) return [`- [${r.case.input.contentType}, ${r.case.shape}] "${r.case.input.topic}": failed: ${r.error}`];
    const missed = [
      !r.checks.lengthBand && 'length band',
      !r.checks.distinctHooks && 'distinct hooks',
      !r.checks.hookLength && 'hook length',
      !r.checks.experienceCarried && 'experience',
      r.checks.banned.length && `filler (${r.checks.banned.join(', ')})`,
    ].filter(Boolean);
    return missed.length ? [`- [${r.case.input.contentType}, ${r.case.shape}] "${r.case.input.topic}": ${missed.join('; ')}`] : [];
  });
  if (misses.length) lines.push('', 'Missed:', ...misses);
  return lines.join('\n');
}
