import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Logo } from '../../../components/site/logo';
import { ButtonLink } from '../../../components/ui/button';
import { IconAlert, IconCheckCircle, IconInfo } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { completeLinkedInConnection } from '../../../lib/linkedin-api';
import { queryKeys, useMemberId } from '../../../lib/query-client';
import { consumeLinkedInReturnTo } from '../../../lib/return-to';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './linkedin-callback-page.module.css';

/** The callback's texts and timers, as the spec has them. */
export const callbackMessages = {
  success: (firstName: string | null | undefined) => `Successfully connected to LinkedIn! Welcome, ${firstName?.trim() || 'User'}!`,
  providerError: (detail: string) => `LinkedIn authorization failed: ${detail}`,
  invalidParameters: 'Invalid callback parameters. Please try connecting again.',
  exchangeFailed: 'Failed to complete LinkedIn connection',
  cancelled: 'Connection cancelled',
  cancelledDetail: 'LinkedIn was not connected. You can connect it whenever you are ready.',
} as const;
export const SUCCESS_REDIRECT_MS = 2000;
export const ERROR_REDIRECT_MS = 3000;
/** a cancelled consent is no failure: it goes back as quickly as a success */
export const CANCELLED_REDIRECT_MS = 2000;

/** What LinkedIn sends when the member chose Cancel on its sign-in or consent page. */
const CANCEL_ERRORS = new Set(['user_cancelled_authorize', 'user_cancelled_login']);

type Phase =
  | { state: 'processing' }
  | { state: 'success'; message: string }
  | { state: 'cancelled' }
  | { state: 'error'; message: string };

/**
 * The OAuth return page: processing, then success (after 2 s, back to the
 * screen that asked for the connection, else /profile) or error (to /profile after 3 s). A
 * cancelled consent is said neutrally ("Connection cancelled") and goes back like a success,
 * as the member chose it. The code is exchanged once, even under React's double effects.
 */
export function LinkedInCallbackPage() {
  useDocumentTitle('Connecting LinkedIn');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { refreshUser } = useAuth();
  const queries = useQueryClient();
  const memberId = useMemberId();
  const [phase, setPhase] = useState<Phase>({ state: 'processing' });
  const started = useRef(false);
  /** where the member was when they chose to connect (read once: the stored value is consumed) */
  const back = useRef<string | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    back.current = consumeLinkedInReturnTo();
    const providerError = params.get('error');
    const code = params.get('code');
    const state = params.get('state');
    if (providerError && CANCEL_ERRORS.has(providerError)) {
      setPhase({ state: 'cancelled' });
      return;
    }
    if (providerError) {
      setPhase({ state: 'error', message: callbackMessages.providerError(params.get('error_description') || providerError) });
      return;
    }
    if (!code || !state) {
      setPhase({ state: 'error', message: callbackMessages.invalidParameters });
      return;
    }
    completeLinkedInConnection(code, state)
      .then(({ profile }) => {
        setPhase({ state: 'success', message: callbackMessages.success(profile?.localizedFirstName ?? profile?.firstName) });
        refreshUser().catch(() => {}); // picture and connection flag on the user
        void queries.invalidateQueries({ queryKey: queryKeys.linkedinStatus(memberId) }); // every screen shows the connection
      })
      .catch((failure) => setPhase({ state: 'error', message: errorMessage(failure, callbackMessages.exchangeFailed) }));
  }, [params, refreshUser, memberId, queries]);

  // after an error the spec's /profile; otherwise back where the member came from
  const target = phase.state === 'error' ? paths.profile : (back.current ?? paths.profile);
  const backToProfile = target === paths.profile;

  useEffect(() => {
    if (phase.state === 'processing') return;
    const delay = phase.state === 'success' ? SUCCESS_REDIRECT_MS : phase.state === 'cancelled' ? CANCELLED_REDIRECT_MS : ERROR_REDIRECT_MS;
    const timer = setTimeout(() => navigate(target, { replace: true }), delay);
    return () => clearTimeout(timer);
  }, [phase, target, navigate]);

  return (
    <main id="main" className={styles.page}>
      <div className={styles.logo}>
        <Logo to={paths.dashboard} label="Postwright dashboard" />
      </div>
      <div className={styles.box} role={phase.state === 'error' ? 'alert' : 'status'} aria-live="polite">
        {phase.state === 'processing' ? (
          <>
            <Spinner size={36} />
            <h1 className={styles.title}>Connecting your LinkedIn account...</h1>
            <p className={styles.text}>This takes a few seconds.</p>
          </>
        ) : phase.state === 'success' ? (
          <>
            <span className={styles.iconSuccess} aria-hidden="true">
              <IconCheckCircle size={32} />
            </span>
            <h1 className={styles.title}>LinkedIn connected</h1>
            <p className={styles.text} data-testid="callback-message">
              {phase.message}
            </p>
            <p className={styles.redirect}>{backToProfile ? 'Taking you to your profile...' : 'Taking you back to your post...'}</p>
          </>
        ) : phase.state === 'cancelled' ? (
          <>
            <span className={styles.iconNeutral} aria-hidden="true">
              <IconInfo size={32} />
            </span>
            <h1 className={styles.title}>{callbackMessages.cancelled}</h1>
            <p className={styles.text} data-testid="callback-message">
              {callbackMessages.cancelledDetail}
            </p>
            <p className={styles.redirect}>{backToProfile ? 'Taking you to your profile...' : 'Taking you back to your post...'}</p>
            <ButtonLink to={target} replace variant="secondary" size="sm">
              {backToProfile ? 'Go to Profile now' : 'Go back now'}
            </ButtonLink>
          </>
        ) : (
          <>
            <span className={styles.iconError} aria-hidden="true">
              <IconAlert size={32} />
            </span>
            <h1 className={styles.title}>LinkedIn connection failed</h1>
            <p className={styles.text} data-testid="callback-message">
              {phase.message}
            </p>
            <p className={styles.redirect}>Taking you back to your profile...</p>
            <ButtonLink to={paths.profile} replace variant="secondary" size="sm">
              Go to Profile now
            </ButtonLink>
          </>
        )}
      </div>
    </main>
  );
}
