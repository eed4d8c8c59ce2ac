import type { User } from '@postwright/contracts';
import { postAllowance } from '../../../lib/user';

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
}

export function generatorPlan(user: User, now: Date = new Date()): GeneratorPlan {
  const allowance = postAllowance(user, now);
  switch (allowance.kind) {
    case 'unlimited':
      return { kind: 'unlimited', unlimited: true, left: 0, exhausted: false, beta: allowance.beta, allowance: null, resetsAt: null, planName: allowance.planName };
    case 'trial':
      return { kind: 'trial', unlimited: false, left: allowance.left, exhausted: allowance.left === 0, beta: false, allowance: allowance.total, resetsAt: null, planName: null };
    case 'plan':
      return {
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

/** What "Generate again" costs on a trial, said before it runs. */
export function trialUseWarning(left: number): string {
  return left === 1 ? 'This uses your last remaining trial post.' : `This uses 1 of your ${left} remaining trial posts.`;
}

/** What a generation costs where posts are counted: a trial post, or one of the plan's this month. */
export function postUseWarning(plan: Pick<GeneratorPlan, 'kind' | 'left'>): string {
  if (plan.kind !== 'plan') return trialUseWarning(plan.left);
  return plan.left === 1 ? 'This uses your last post this month.' : `This uses 1 of your ${plan.left} posts left this month.`;
}
