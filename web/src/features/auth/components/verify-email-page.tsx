import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NoticePage } from '../../../components/layouts/notice-page';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { verifyEmail } from '../../../lib/account-api';
import { accountErrorText, accountText, catalogueMessage, hasCode } from '../../../lib/account-text';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useResendVerification } from '../../../lib/use-resend-verification';

type Phase = { state: 'verifying' } | { state: 'verified' } | { state: 'invalid' } | { state: 'failed'; message: string };

/**
 * The link did not work. A signed-in member can have a new one sent to the account's address; a
 * visitor signs in first (the app then offers the same).
 */
function InvalidLink({ signedIn, next }: { signedIn: boolean; next: ReactNode }) {
  const { sending, outcome, resend } = useResendVerification();
  const action = !signedIn || outcome?.alreadyVerified ? (
    next
  ) : (
    <Button variant="primary" loading={sending} onClick={() => void resend()}>
      {sending ? accountText.resending : accountText.sendNewLink}
    </Button>
  );
  return (
    <NoticePage tone="error" title={accountText.verifyInvalidTitle} actions={action}>
      <p>{catalogueMessage('AUTH.VERIFICATION_INVALID')}</p>
      {signedIn ? null : <p>{accountText.signInForNewLink}</p>}
      {outcome ? <p data-testid="resend-outcome">{outcome.text}</p> : null}
    </NoticePage>
  );
}

/**
 * /auth/verify-email?token=: the verification email's link, signed in or not. It verifies as soon
 * as the session has settled (so a signed-in member's user, read again afterwards, is the
 * verified one), once, even when React runs effects twice. A link that is missing, used or
 * expired says so; a signed-in member can have a new one sent from here.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Verify your email');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { status, user, refreshUser } = useAuth();
  const [phase, setPhase] = useState<Phase>({ state: 'verifying' });
  const [attempt, setAttempt] = useState(0);
  /** the attempt already sent: a token is spent by its first use */
  const sent = useRef(-1);

  useEffect(() => {
    if (status === 'loading' || sent.current === attempt) return;
    sent.current = attempt;
    if (!token) {
      setPhase({ state: 'invalid' });
      return;
    }
    const signedIn = status === 'authenticated';
    verifyEmail(token)
      .then(async () => {
        if (signedIn) await refreshUser().catch(() => null);
        setPhase({ state: 'verified' });
      })
      .catch((error) =>
        setPhase(hasCode(error, 'AUTH.VERIFICATION_INVALID') ? { state: 'invalid' } : { state: 'failed', message: accountErrorText(error, accountText.verifyFailed) }),
      );
  }, [status, attempt, token, refreshUser]);

  const signedIn = status === 'authenticated';
  const next = signedIn ? (
    <ButtonLink to={paths.dashboard} variant="primary">
      {accountText.goToDashboard}
    </ButtonLink>
  ) : (
    <ButtonLink to={paths.login} variant="primary">
      {accountText.signIn}
    </ButtonLink>
  );

  switch (phase.state) {
    case 'verifying':
      return <NoticePage tone="busy" title={accountText.verifying} />;
    case 'verified':
      return (
        <NoticePage tone="success" title={accountText.verifiedTitle} actions={next}>
          <p>{accountText.verified}</p>
        </NoticePage>
      );
    case 'invalid':
      // a spent link of a member who is verified already (opened twice, say): nothing is wrong
      if (signedIn && user?.emailVerified) {
        return (
          <NoticePage tone="success" title={accountText.verifiedTitle} actions={next}>
            <p>{catalogueMessage('AUTH.EMAIL_ALREADY_VERIFIED')}</p>
          </NoticePage>
        );
      }
      return <InvalidLink signedIn={signedIn} next={next} />;
    case 'failed':
      return (
        <NoticePage
          tone="error"
          title={accountText.verifyFailedTitle}
          actions={
            <Button
              variant="primary"
              onClick={() => {
                setPhase({ state: 'verifying' });
                setAttempt((n) => n + 1);
              }}
            >
              {accountText.tryAgain}
            </Button>
          }
        >
          <p>{phase.message}</p>
        </NoticePage>
      );
  }
}
