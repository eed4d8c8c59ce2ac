import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { plans as specPlans, withBillingPlans, type Plan } from '../config/plans';
import { queryKeys } from './query-client';

/** The plans as sold, once per page load; a failed read is tried again by the next page that asks. */
const plansQuery = () =>
  queryOptions({
    queryKey: queryKeys.plans(),
    // loaded when first needed: the landing page's first paint carries none of the billing code
    queryFn: ({ signal }) => import('./billing-api').then(({ getPlans }) => getPlans(signal)),
    staleTime: Infinity,
  });

/**
 * The plans to show: the spec's figures at once (never a blank price), replaced by the billing
 * service's when `GET /billing/plans` answers. With `load: false` nothing is asked yet (the
 * landing page waits until its pricing section comes near).
 */
export function usePlans({ load = true }: { load?: boolean } = {}): Plan[] {
  // a failed read leaves the spec's figures
  const { data: billing } = useQuery({ ...plansQuery(), enabled: load });
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
