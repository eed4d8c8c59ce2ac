import { useEffect, useRef, useState } from 'react';
import type { ErrorCode } from '@postwright/contracts';
import { accountErrorText, hasCode } from './account-text';
import { useAuth } from './auth';

export type EmailedLinkPhase<T> = { state: 'working' } | { state: 'done'; value: T } | { state: 'invalid' } | { state: 'failed'; message: string };

/**
 * What an emailed link's page does with its `token` (verify an address, unsubscribe): once the
 * session has settled, so a signed-in member's user can be read again afterwards, it uses the
 * token once per attempt, even when React runs effects twice, since a token is spent by its first
 * use. A missing token or the `invalidCode` refusal makes the link invalid; any other refusal
 * fails with the server's words or `failedText`, and `retry` tries again.
 */
export function useEmailedLink<T>(
  token: string,
  use: (token: string, signedIn: boolean) => Promise<T>,
  invalidCode: ErrorCode,
  failedText: string,
) {
  const { status } = useAuth();
  const [phase, setPhase] = useState<EmailedLinkPhase<T>>({ state: 'working' });
  const [attempt, setAttempt] = useState(0);
  /** the attempt already sent */
  const sent = useRef(-1);

  useEffect(() => {
    if (status === 'loading' || sent.current === attempt) return;
    sent.current = attempt;
    if (!token) {
      setPhase({ state: 'invalid' });
      return;
    }
    use(token, status === 'authenticated')
      .then((value) => setPhase({ state: 'done', value }))
      .catch((error) => setPhase(hasCode(error, invalidCode) ? { state: 'invalid' } : { state: 'failed', message: accountErrorText(error, failedText) }));
  }, [status, attempt, token, use, invalidCode, failedText]);

  function retry() {
    setPhase({ state: 'working' });
    setAttempt((n) => n + 1);
  }

  return { phase, retry };
}
