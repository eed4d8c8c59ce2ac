import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Plan as BillingPlan } from '@postwright/contracts';
import { plans as specPlans, withBillingPlans, type Plan } from '../config/plans';

/** The plans as sold, once per page load; a failed read is tried again by the next page that asks. */
let sold: BillingPlan[] | null = null;
let pending: Promise<BillingPlan[]> | null = null;

function loadPlans(): Promise<BillingPlan[]> {
  // loaded when first needed: the landing page's first paint carries none of the billing code
  pending ??= import('./billing-api')
    .then(({ getPlans }) => getPlans())
    .then((list) => {
      sold = list;
      return list;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Tests start each page load afresh. */
export function resetPlansCache() {
  sold = null;
  pending = null;
}

/**
 * The plans to show: the spec's figures at once (never a blank price), replaced by the billing
 * service's when `GET /billing/plans` answers. With `load: false` nothing is asked yet (the
 * landing page waits until its pricing section comes near).
 */
export function usePlans({ load = true }: { load?: boolean } = {}): Plan[] {
  const [billing, setBilling] = useState<BillingPlan[] | null>(sold);

  useEffect(() => {
    if (!load || billing) return;
    let live = true;
    loadPlans()
      .then((list) => {
        if (live) setBilling(list);
      })
      .catch(() => undefined); // the spec's figures stay
    return () => {
      live = false;
    };
  }, [load, billing]);

  return useMemo(() => (billing ? withBillingPlans(specPlans, billing) : specPlans), [billing]);
}

/**
 * True once the element is within `margin` of the viewport (and from then on). The landing page
 * asks for prices only then, so its first paint (and a Lighthouse run of it) makes no API
 * call. Without IntersectionObserver it is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '600px'): boolean {
  const [near, setNear] = useState(false);
  const seen = useRef(false);

  useEffect(() => {
    const element = ref.current;
    if (seen.current) return;
    if (!element || typeof IntersectionObserver === 'undefined') {
      seen.current = true;
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        seen.current = true;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin]);

  return near;
}
