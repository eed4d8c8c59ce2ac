import { useCallback, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { NoticePage, RetryNotice } from '../../../components/layouts/notice-page';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { verifyEmail } from '../../../lib/account-api';
import { accountText, catalogueMessage } from '../../../lib/account-text';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEmailedLink } from '../../../lib/use-emailed-link';
import { useResendVerification } from '../../../lib/use-resend-verification';

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
  const verify = useCallback(
    async (linkToken: string, signedIn: boolean) => {
      await verifyEmail(linkToken);
      if (signedIn) await refreshUser().catch(() => null);
    },
    [refreshUser],
  );
  const { phase, retry } = useEmailedLink(token, verify, 'AUTH.VERIFICATION_INVALID', accountText.verifyFailed);

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
    case 'working':
      return <NoticePage tone="busy" title={accountText.verifying} />;
    case 'done':
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
      return <RetryNotice title={accountText.verifyFailedTitle} message={phase.message} onRetry={retry} />;
  }
}
