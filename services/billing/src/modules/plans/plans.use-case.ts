import { PLAN_CATALOGUE, planIds, type BillingInterval, type Plan, type PlanId } from '@postwright/contracts';
import { AppError, type Logger } from '@postwright/platform';
import type { Clock } from '../ports';
import type { PlanPrice, StripePort } from '../stripe/stripe.client';

export type PlansUseCases = ReturnType<typeof plansUseCases>;

/**
 * The plans for sale: names and allowances from the catalogue, prices from Stripe by lookup key.
 * Prices are kept for a while (every pricing page asks), one read at a time, and the last ones
 * read are served when Stripe does not answer.
 */
export function plansUseCases(deps: { stripe: StripePort; clock: Clock; logger: Logger; cacheSeconds: number }) {
  const { stripe, clock, logger, cacheSeconds } = deps;
  let cached: { at: number; prices: PlanPrice[] } | null = null;
  let reading: Promise<PlanPrice[]> | null = null;

  async function prices(): Promise<PlanPrice[]> {
    const now = clock.now().getTime();
    if (cached && now - cached.at < cacheSeconds * 1000) return cached.prices;
    reading ??= stripe
      .prices()
      .then((fresh) => {
        cached = { at: clock.now().getTime(), prices: fresh };
        return fresh;
      })
      .catch((error) => {
        if (!cached) throw error;
        logger.warn({ err: error }, 'Stripe prices could not be read; serving the last ones read');
        return cached.prices;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  }

  const find = (all: PlanPrice[], plan: PlanId, interval: BillingInterval) => all.find((p) => p.plan === plan && p.interval === interval);

  return {
    /** Every plan Stripe has both prices of, in the catalogue's order. */
    async list(): Promise<Plan[]> {
      const all = await prices();
      return planIds.flatMap((id) => {
        const month = find(all, id, 'month');
        const year = find(all, id, 'year');
        if (!month || !year) {
          logger.error({ plan: id }, 'Stripe lacks an active price for a plan (lookup keys postwright_<plan>_<month|year>): it is not offered');
          return [];
        }
        return [{ id, name: PLAN_CATALOGUE[id].name, prices: { month: month.unitAmount, year: year.unitAmount }, currency: month.currency, postsPerMonth: PLAN_CATALOGUE[id].postsPerMonth }];
      });
    },

    async price(plan: PlanId, interval: BillingInterval): Promise<PlanPrice> {
      const price = find(await prices(), plan, interval);
      if (!price) {
        logger.error({ plan, interval }, 'Stripe has no active price with this lookup key');
        throw AppError.of('BILLING.PLAN_UNAVAILABLE');
      }
      return price;
    },
  };
}
