import { useState, type ReactNode } from 'react';
import { planPrice, plans as specPlans, yearlySavings, type BillingPeriod, type Plan } from '../../config/plans';
import { site, trialTerms } from '../../config/site';
import { cx } from '../ui/cx';
import { IconCheck, IconShield } from '../ui/icons';
import { SegmentedControl } from '../ui/segmented-control';
import styles from './plan-picker.module.css';

/**
 * The three plans with the Monthly/Yearly toggle (the spec's prices until the billing
 * service's arrive in `plans`). What each plan's button does is up to the page (`action`). The
 * period is the picker's own unless the page holds it (`period` with `onPeriodChange`). The
 * free-trial notes show only where a trial can still be had (`offerTrial`).
 */
export function PlanPicker({
  action,
  plans = specPlans,
  headingLevel = 3,
  defaultPeriod = 'monthly',
  period: heldPeriod,
  onPeriodChange,
  offerTrial = true,
}: {
  action: (plan: Plan, period: BillingPeriod) => ReactNode;
  plans?: Plan[];
  headingLevel?: 2 | 3;
  defaultPeriod?: BillingPeriod;
  period?: BillingPeriod;
  onPeriodChange?: (period: BillingPeriod) => void;
  offerTrial?: boolean;
}) {
  const [ownPeriod, setOwnPeriod] = useState<BillingPeriod>(defaultPeriod);
  const period = heldPeriod ?? ownPeriod;
  const setPeriod = onPeriodChange ?? setOwnPeriod;
  const savings = yearlySavings(plans);
  const Heading = `h${headingLevel}` as 'h2' | 'h3';

  return (
    <div className={styles.picker}>
      <SegmentedControl
        label="Billing period"
        value={period}
        onChange={setPeriod}
        options={[
          { value: 'monthly', label: 'Monthly' },
          { value: 'yearly', label: 'Yearly', extra: savings > 0 ? `Save ${savings}%` : undefined },
        ]}
      />
      <ul className={styles.grid}>
        {plans.map((plan) => {
          const price = planPrice(plan, period);
          return (
            <li key={plan.id} className={cx(styles.plan, plan.mostPopular && styles.popular)} aria-label={`${plan.name} plan`}>
              {plan.mostPopular ? <span className={styles.popularBadge}>Most popular</span> : null}
              <Heading className={styles.name}>{plan.name}</Heading>
              <p className={styles.description}>{plan.description}</p>
              <p className={styles.price}>
                <span className={styles.amount} data-testid={`price-${plan.id}`}>
                  {price.amount}
                </span>
                <span className={styles.per}>{price.per}</span>
              </p>
              <p className={styles.posts}>{plan.posts}</p>
              <ul className={styles.features}>
                {plan.features.map((feature) => (
                  <li key={feature}>
                    <IconCheck className={styles.check} size={16} />
                    {feature}
                  </li>
                ))}
              </ul>
              <div className={styles.action}>{action(plan, period)}</div>
            </li>
          );
        })}
      </ul>
      <ul className={styles.notes}>
        {offerTrial ? (
          <>
            <li>
              <IconCheck size={16} /> {trialTerms}
            </li>
          </>
        ) : null}
        <li>
          <IconShield size={16} /> {site.moneyBackDays}-day money-back guarantee
        </li>
      </ul>
    </div>
  );
}
