import { useCallback, useRef, useState } from 'react';
import { resendVerification } from './account-api';
import { accountErrorText, accountText, catalogueMessage, hasCode, isRateLimited } from './account-text';
import { useAuth } from './auth';

export interface ResendOutcome {
  tone: 'success' | 'warning' | 'danger';
  text: string;
  /** the address was verified already (another tab, the link just opened): the user was read again */
  alreadyVerified?: boolean;
}

/**
 * Asking for the verification email again, as the banner, settings, the verify page and pricing
 * do: one request at a time; a refusal because the address is verified already reads the user
 * again, so whatever asks for verification goes away.
 */
export function useResendVerification() {
  const { user, refreshUser } = useAuth();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ResendOutcome | null>(null);
  // a second click before the first one's render must not send twice
  const inFlight = useRef(false);
  const email = user?.email ?? '';

  const resend = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    setOutcome(null);
    try {
      await resendVerification();
      setOutcome({ tone: 'success', text: accountText.resent(email) });
    } catch (error) {
      if (hasCode(error, 'AUTH.EMAIL_ALREADY_VERIFIED')) {
        setOutcome({ tone: 'success', text: catalogueMessage('AUTH.EMAIL_ALREADY_VERIFIED'), alreadyVerified: true });
        await refreshUser().catch(() => null);
      } else if (isRateLimited(error)) {
        setOutcome({ tone: 'warning', text: accountText.resendTooSoon });
      } else {
        setOutcome({ tone: 'danger', text: accountErrorText(error, accountText.resendFailed) });
      }
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }, [email, refreshUser]);

  const clear = useCallback(() => setOutcome(null), []);

  return { sending, outcome, resend, clear };
}
