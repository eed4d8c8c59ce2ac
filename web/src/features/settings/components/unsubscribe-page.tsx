import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ReturnState } from '../../../app/guards';
import { NoticePage, RetryNotice } from '../../../components/layouts/notice-page';
import { paths } from '../../../config/paths';
import { unsubscribe } from '../../../lib/account-api';
import { accountText, catalogueMessage } from '../../../lib/account-text';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useEmailedLink } from '../../../lib/use-emailed-link';

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
  const leave = useCallback(
    async (linkToken: string, signedIn: boolean) => {
      const kind = await unsubscribe(linkToken);
      // the member's choices are read again, without holding up the answer
      if (signedIn) refreshUser().catch(() => null);
      return kind;
    },
    [refreshUser],
  );
  const { phase, retry } = useEmailedLink(token, leave, 'USER.UNSUBSCRIBE_INVALID', accountText.unsubscribeFailed);

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
            {accountText.unsubscribed(phase.value)} {accountText.turnBackOnBefore}
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
      return <RetryNotice title={accountText.unsubscribeFailedTitle} message={phase.message} onRetry={retry} />;
  }
}
