import { useEffect, useState } from 'react';

/**
 * A busy flag for a button that sends the browser to Stripe. It stays on while the page leaves,
 * and goes off when the browser brings the page back from its cache (Back from Stripe), where the
 * old state would otherwise leave the button spinning.
 */
export function useLeaving<T>(): [T | null, (value: T | null) => void] {
  const [leaving, setLeaving] = useState<T | null>(null);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  return [leaving, setLeaving];
}
