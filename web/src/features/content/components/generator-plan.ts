import type { ContentItem, User } from '@postwright/contracts';
import { postAllowance, trialState } from '../../../lib/user';

/**
 * What the generator needs to know of the member's posts: the trial's (3 in all), a plan's
 * (its allowance this month, and when it resets), or none counted (premium, a running beta,
 * Professional and Enterprise).
 */
export interface GeneratorPlan {
  kind: 'trial' | 'plan' | 'unlimited';
  unlimited: boolean;
  /** posts left (0 when unlimited: nothing is counted) */
  left: number;
  /** nothing left: generation is blocked until an upgrade (trial) or the reset (plan) */
  exhausted: boolean;
  beta: boolean;
  /** the trial's 3, or the plan's posts per month; null when unlimited */
  allowance: number | null;
  resetsAt: string | null;
  planName: string | null;
  /** the trial's days have passed, or a subscription ended it: nothing more is generated, not even a draft's free runs */
  ended: boolean;
  /** when the trial ends (or ended); null outside a trial */
  trialEndsAt: string | null;
}

export function generatorPlan(user: User, now: Date = new Date()): GeneratorPlan {
  const allowance = postAllowance(user, now);
  const none = { ended: false, trialEndsAt: null };
  switch (allowance.kind) {
    case 'unlimited':
      return { kind: 'unlimited', unlimited: true, left: 0, exhausted: false, beta: allowance.beta, allowance: null, resetsAt: null, planName: allowance.planName, ...none };
    case 'trial': {
      const trial = trialState(user, now.getTime());
      const ended = trial.kind === 'ended';
      return { kind: 'trial', unlimited: false, left: allowance.left, exhausted: allowance.left === 0, beta: false, allowance: allowance.total, resetsAt: null, planName: null, ended, trialEndsAt: trial.endsAt };
    }
    case 'plan':
      return {
        ...none,
        kind: 'plan',
        unlimited: false,
        left: allowance.left,
        exhausted: allowance.left === 0,
        beta: false,
        allowance: allowance.allowance,
        resetsAt: allowance.resetsAt,
        planName: allowance.planName,
      };
  }
}

/**
 * Whether Generate may run for the open post: with posts left, or when it is a draft with free
 * runs of "Generate again" left and the trial has not ended (used-up posts do not stop those).
 */
export function canGenerate(plan: Pick<GeneratorPlan, 'exhausted' | 'ended'>, item: Pick<ContentItem, 'status' | 'freeRegenerationsLeft'> | null): boolean {
  if (!plan.exhausted) return true;
  return !plan.ended && item?.status === 'draft' && (item.freeRegenerationsLeft ?? 0) > 0;
}

/** What "Generate again" of a draft with free runs left costs: nothing, said with how many are left. */
export function freeRunWarning(left: number, plan: Pick<GeneratorPlan, 'kind'>): string {
  const post = plan.kind === 'plan' ? "one of this month's posts" : 'a trial post';
  return `Free: this draft can be generated again ${left} more ${left === 1 ? 'time' : 'times'} without using ${post}.`;
}

/** What "Generate again" costs on a trial, said before it runs. */
export function trialUseWarning(left: number): string {
  return left === 1 ? 'This uses your last remaining trial post.' : `This uses 1 of your ${left} remaining trial posts.`;
}

/** What a generation costs where posts are counted: a trial post, or one of the plan's this month. */
export function postUseWarning(plan: Pick<GeneratorPlan, 'kind' | 'left'>): string {
  if (plan.kind !== 'plan') return trialUseWarning(plan.left);
  return plan.left === 1 ? 'This uses your last post this month.' : `This uses 1 of your ${plan.left} posts left this month.`;
}
