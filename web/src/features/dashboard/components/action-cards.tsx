import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ContentItem } from '@postwright/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { IconArrowRight, IconChart, IconLinkedIn, IconSparkles } from '../../../components/ui/icons';
import { IconRefresh } from '../../../components/ui/icons-app';
import { paths } from '../../../config/paths';
import { linkedInDisplayName, linkedInExpiryText, linkedInPicture, type LinkedInStatus } from '../../../lib/linkedin-api';
import type { Loadable } from '../hooks/use-dashboard-data';
import styles from './dashboard-page.module.css';

function ConnectionSummary({ status, onRefreshPicture, refreshing }: { status: Loadable<LinkedInStatus>; onRefreshPicture: () => void; refreshing: boolean }) {
  if (status.state === 'loading') {
    return (
      <p className={styles.muted} role="status">
        Checking your connection...
      </p>
    );
  }
  if (status.state === 'error' || !status.value.connected) {
    return (
      <>
        <p className={styles.connection}>
          <span className={cx(styles.dot, styles.dotOff)} aria-hidden="true" />
          Not connected
        </p>
        <p className={styles.muted}>Connect your account to publish and schedule posts.</p>
      </>
    );
  }
  const value = status.value;
  const name = linkedInDisplayName(value.profile);
  return (
    <>
      <p className={styles.connection}>
        <span className={cx(styles.dot, value.expired ? styles.dotOff : styles.dotOn)} aria-hidden="true" />
        {value.expired ? 'Connection expired' : `Connected${name ? ` as ${name}` : ''}`}
      </p>
      {value.expired ? (
        <p className={styles.warningText}>{linkedInExpiryText.expired}</p>
      ) : value.reconnectSoon ? (
        <p className={styles.warningText}>{linkedInExpiryText.endsOn(value.expiresAt)}</p>
      ) : (
        <p className={styles.muted}>Ready to publish and schedule.</p>
      )}
      {!linkedInPicture(value.profile) ? (
        <Button size="sm" variant="secondary" onClick={onRefreshPicture} loading={refreshing} icon={<IconRefresh size={16} />} className={styles.cardButton}>
          Refresh profile picture
        </Button>
      ) : null}
    </>
  );
}

function AnalyticsSummary({ items }: { items: Loadable<ContentItem[]> }) {
  if (items.state !== 'ready') return <p className={styles.muted}>Drafts, scheduled posts and how your published posts perform.</p>;
  const list = items.value;
  const views = list.reduce((sum, i) => sum + (i.engagement?.impressions ?? 0), 0);
  const figures = [
    ['Posts', list.length],
    ['Published', list.filter((i) => i.status === 'published').length],
    ['Scheduled', list.filter((i) => i.status === 'scheduled').length],
    ['Views', views],
  ] as const;
  return (
    <dl className={styles.miniStats}>
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One dashboard card: icon, title, what it says, and where it leads. */
function ActionCard({ id, title, icon, iconClass, to, linkLabel, children }: { id: string; title: string; icon: ReactNode; iconClass: string; to: string; linkLabel: string; children: ReactNode }) {
  return (
    <Card as="section" padded className={styles.actionCard} aria-labelledby={id}>
      <span className={cx(styles.cardIcon, iconClass)} aria-hidden="true">
        {icon}
      </span>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
      <Link to={to} className={styles.cardLink}>
        {linkLabel} <IconArrowRight size={16} />
      </Link>
    </Card>
  );
}

/** The three cards: Generate Content, LinkedIn Connection, Content Analytics. */
export function ActionCards({
  items,
  linkedin,
  onRefreshPicture,
  refreshing,
}: {
  items: Loadable<ContentItem[]>;
  linkedin: Loadable<LinkedInStatus>;
  onRefreshPicture: () => void;
  refreshing: boolean;
}) {
  const connected = linkedin.state === 'ready' && linkedin.value.connected ? linkedin.value : null;
  return (
    <div className={styles.cards}>
      <ActionCard id="card-generate" title="Generate Content" icon={<IconSparkles size={22} />} iconClass={styles.iconBrand} to={paths.content} linkLabel="Start writing">
        <p className={styles.muted}>A post and five hooks in about 30 seconds, from one of five proven content types.</p>
      </ActionCard>
      <ActionCard
        id="card-linkedin"
        title="LinkedIn Connection"
        icon={<IconLinkedIn size={22} />}
        iconClass={styles.iconLinkedIn}
        to={paths.profile}
        linkLabel={connected?.expired ? 'Reconnect LinkedIn' : connected ? 'Manage connection' : 'Connect LinkedIn'}
      >
        <ConnectionSummary status={linkedin} onRefreshPicture={onRefreshPicture} refreshing={refreshing} />
      </ActionCard>
      <ActionCard id="card-analytics" title="Content Analytics" icon={<IconChart size={22} />} iconClass={styles.iconSuccess} to={paths.contentManagement} linkLabel="Manage content">
        <AnalyticsSummary items={items} />
      </ActionCard>
    </div>
  );
}
