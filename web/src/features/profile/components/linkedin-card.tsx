import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { IconLinkedIn } from '../../../components/ui/icons';
import { IconExternal, IconRefresh, IconUnlink } from '../../../components/ui/icons-app';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { paths } from '../../../config/paths';
import { linkedInDisplayName, linkedInExpiryText, linkedInPicture, startLinkedInConnection, type LinkedInStatus } from '../../../lib/linkedin-api';
import { useDisconnectLinkedIn, useLinkedInStatus } from '../api/linkedin-connection';
import styles from './profile-page.module.css';

/** The connection card's texts, in the spec's words. */
export const linkedinMessages = {
  connectFailed: 'Failed to initiate LinkedIn connection',
  checkFailed: 'Failed to check LinkedIn connection',
  disconnectFailed: 'Failed to disconnect LinkedIn',
  // says exactly what a disconnect does (docs/linkedin.md): the posts and their history stay
  confirmDisconnect:
    'Are you sure you want to disconnect your LinkedIn account? Postwright will forget your LinkedIn profile and stop publishing and reading post figures for you. Your posts stay on LinkedIn, and your drafts and published posts stay in Content Management. Scheduled posts that come due before you connect again go back to your drafts.',
  disconnected: 'Your LinkedIn account has been disconnected.',
} as const;

function initialsOf(name: string) {
  return (
    name
      .split(/\s+/)
      .map((part) => part.charAt(0))
      .join('')
      .slice(0, 2)
      .toUpperCase() || 'in'
  );
}

/** LinkedIn Connection: status, profile, connect, Refresh Status, disconnect. */
export function LinkedInCard() {
  const { refreshUser } = useAuth();
  const query = useLinkedInStatus();
  const { mutateAsync: endConnection } = useDisconnectLinkedIn();
  const [busy, setBusy] = useState<'connect' | 'disconnect' | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();
  const checking = query.isFetching;
  const checkFailed = query.isError && !checking;
  // a failed check shows not connected, with the error
  const status: LinkedInStatus | null = checkFailed ? { connected: false } : (query.data ?? null);
  const error = actionError ?? (checkFailed ? linkedinMessages.checkFailed : null);

  function check() {
    setActionError(null);
    return query.refetch();
  }

  async function connect() {
    setBusy('connect');
    setActionError(null);
    setNotice(null);
    try {
      // back to the profile after LinkedIn (this replaces any return path left by an earlier attempt)
      await startLinkedInConnection(paths.profile);
    } catch (failure) {
      setActionError(errorMessage(failure, linkedinMessages.connectFailed));
      setBusy(null);
    }
  }

  async function disconnect() {
    const ok = await confirm({
      title: 'Disconnect LinkedIn?',
      message: linkedinMessages.confirmDisconnect,
      confirmLabel: 'Disconnect',
      tone: 'danger',
    });
    if (!ok) return;
    setBusy('disconnect');
    setActionError(null);
    setNotice(null);
    try {
      await endConnection();
      setNotice(linkedinMessages.disconnected);
      refreshUser().catch(() => {});
    } catch (failure) {
      setActionError(errorMessage(failure, linkedinMessages.disconnectFailed));
    } finally {
      setBusy(null);
    }
  }

  const connected = status?.connected ? status : null;
  const name = connected ? linkedInDisplayName(connected.profile) : '';

  return (
    <Card as="section" aria-labelledby="linkedin-title">
      <CardHeader
        id="linkedin-title"
        title="LinkedIn Connection"
        description="Publish and schedule posts straight to your LinkedIn account."
        actions={
          checking && !status ? null : (
            <Badge tone={connected?.expired ? 'warning' : connected ? 'success' : 'neutral'} dot data-testid="linkedin-status">
              {connected?.expired ? 'Expired' : connected ? 'Connected' : 'Not connected'}
            </Badge>
          )
        }
      />
      <CardBody>
        <div className={styles.messages}>
          {error ? <Alert tone="danger">{error}</Alert> : null}
          {notice ? (
            <Alert tone="success" onDismiss={() => setNotice(null)}>
              {notice}
            </Alert>
          ) : null}
          {connected?.expired ? (
            <Alert tone="warning" title="Reconnect LinkedIn">
              {linkedInExpiryText.expired}
            </Alert>
          ) : connected?.reconnectSoon ? (
            <Alert tone="warning" title="Reconnect soon">
              {linkedInExpiryText.endsOn(connected.expiresAt)}
            </Alert>
          ) : null}
        </div>

        {checking && !status ? (
          <div className={styles.checking} role="status">
            <Spinner size={20} /> Checking your LinkedIn connection...
          </div>
        ) : connected ? (
          <div className={styles.linkedinProfile}>
            <Avatar src={linkedInPicture(connected.profile)} initials={initialsOf(name)} name={name || 'LinkedIn profile'} size={56} />
            <div className={styles.linkedinText}>
              <p className={styles.linkedinName}>{name || 'LinkedIn member'}</p>
              {connected.profile.headline ? <p className={styles.linkedinHeadline}>{connected.profile.headline}</p> : null}
              {connected.profile.publicProfileUrl ? (
                <a href={connected.profile.publicProfileUrl} target="_blank" rel="noreferrer" className={styles.inlineLink}>
                  View public profile <IconExternal size={14} />
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              ) : null}
              {connected.engagement && !connected.engagement.available && connected.engagement.reason ? (
                <p className={styles.note}>{connected.engagement.reason}</p>
              ) : null}
            </div>
          </div>
        ) : (
          <div className={styles.notConnected}>
            <span className={styles.linkedinMark} aria-hidden="true">
              <IconLinkedIn size={24} />
            </span>
            <p>Connect your LinkedIn account to publish posts in one click and schedule them for the best time. We never see your LinkedIn password.</p>
          </div>
        )}

        <div className={styles.cardActions}>
          {!connected || connected.expired || connected.reconnectSoon ? (
            <Button variant="primary" onClick={connect} loading={busy === 'connect'} disabled={busy !== null} icon={<IconLinkedIn size={16} />}>
              {connected ? 'Reconnect LinkedIn' : 'Connect LinkedIn'}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => void check()} loading={checking && Boolean(status)} disabled={busy !== null} icon={<IconRefresh size={16} />}>
            Refresh Status
          </Button>
          {connected ? (
            <Button variant="ghost" onClick={disconnect} loading={busy === 'disconnect'} disabled={busy !== null} className={styles.disconnect} icon={<IconUnlink size={16} />}>
              Disconnect
            </Button>
          ) : null}
        </div>
      </CardBody>
      {dialog}
    </Card>
  );
}
