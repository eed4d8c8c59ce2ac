import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { NotificationKind } from '@postwright/contracts';
import type { ReturnState } from '../../../app/guards';
import { NoticePage } from '../../../components/layouts/notice-page';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { unsubscribe } from '../../../lib/account-api';
import { accountErrorText, accountText, catalogueMessage, hasCode } from '../../../lib/account-text';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';

type Phase = { state: 'working' } | { state: 'done'; kind: NotificationKind } | { state: 'invalid' } | { state: 'failed'; message: string };

/**
 * /settings/unsubscribe?token=: a notification email's unsubscribe link, which must work signed
 * out. It posts the token once (even when React runs effects twice), then names the emails that
 * stop and points to Settings to turn them back on: signed out, through sign-in, which then goes
 * on to Settings.
 */
export function UnsubscribePage() {
  useDocumentTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { status, refreshUser } = useAuth();
  const [phase, setPhase] = useState<Phase>({ state: 'working' });
  const [attempt, setAttempt] = useState(0);
  const sent = useRef(-1);

  useEffect(() => {
    // the session settles first, so a signed-in member's choices are read again afterwards
    if (status === 'loading' || sent.current === attempt) return;
    sent.current = attempt;
    if (!token) {
      setPhase({ state: 'invalid' });
      return;
    }
    const signedIn = status === 'authenticated';
    unsubscribe(token)
      .then((kind) => {
        setPhase({ state: 'done', kind });
        if (signedIn) refreshUser().catch(() => null);
      })
      .catch((error) =>
        setPhase(hasCode(error, 'USER.UNSUBSCRIBE_INVALID') ? { state: 'invalid' } : { state: 'failed', message: accountErrorText(error, accountText.unsubscribeFailed) }),
      );
  }, [status, attempt, token, refreshUser]);

  const settingsLink =
    status === 'authenticated' ? (
      <Link to={paths.settings}>{accountText.turnBackOnLink}</Link>
    ) : (
      <Link to={paths.login} state={{ from: paths.settings } satisfies ReturnState}>
        {accountText.turnBackOnLink}
      </Link>
    );

  switch (phase.state) {
    case 'working':
      return <NoticePage tone="busy" title={accountText.unsubscribing} />;
    case 'done':
      return (
        <NoticePage tone="success" title={accountText.unsubscribedTitle}>
          <p data-testid="unsubscribe-message">
            {accountText.unsubscribed(phase.kind)} {accountText.turnBackOnBefore}
            {settingsLink}.
          </p>
        </NoticePage>
      );
    case 'invalid':
      return (
        <NoticePage tone="error" title={accountText.unsubscribeInvalidTitle}>
          <p>{catalogueMessage('USER.UNSUBSCRIBE_INVALID')}</p>
        </NoticePage>
      );
    case 'failed':
      return (
        <NoticePage
          tone="error"
          title={accountText.unsubscribeFailedTitle}
          actions={
            <Button
              variant="primary"
              onClick={() => {
                setPhase({ state: 'working' });
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
