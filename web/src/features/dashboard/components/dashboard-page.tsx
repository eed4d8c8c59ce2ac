import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { contentTypes, isAdminRole, type ContentItem, type UserRole } from '@postwright/contracts';
import { ContentTypeIcon, contentTypeInfo, contentTypeName, StatusBadge } from '../../../components/content/content-type';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconArrowRight, IconChart, IconCheck, IconLinkedIn, IconShield, IconSparkles } from '../../../components/ui/icons';
import { IconRefresh } from '../../../components/ui/icons-app';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAuth, useUser } from '../../../lib/auth';
import { listContent } from '../../../lib/content-api';
import { formatLongDate, formatShortDateTime } from '../../../lib/datetime';
import { getLinkedInStatus, linkedInDisplayName, linkedInPicture, refreshLinkedInProfile, type LinkedInStatus } from '../../../lib/linkedin-api';
import { fullName, initials, tierNote } from '../../../lib/user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { funnelMix, funnelTargets, typesOf } from './funnel';
import styles from './dashboard-page.module.css';

export const PICTURE_REFRESH_FAILED = 'Failed to refresh profile picture. Please try again.';
export const PICTURE_NOT_FOUND = 'No profile picture was found on your LinkedIn profile.';
export const PICTURE_UPDATED = 'Your profile picture was updated from LinkedIn.';
export const RECENT_COUNT = 5;

const roleLabels: Record<UserRole, string> = { USER: 'User', BETA: 'Beta', ADMIN: 'Admin', SUPER_ADMIN: 'Super Admin' };

const quickTips = [
  { title: 'Post on the framework day', text: 'Contrarian Takes on Monday, Behind the Scenes and Frameworks on Wednesday, Insights and Relationship Builders on Friday.' },
  { title: 'Earn the "see more"', text: 'Readers decide in the first two lines. Pick the hook that makes your ideal reader stop.' },
  { title: 'Apply the $1,000 insight test', text: 'Would someone pay $1,000 for this advice? If not, add the specific number, mistake or decision.' },
  { title: 'Reply within the first hour', text: 'Answering early comments tells LinkedIn the conversation is worth showing to more people.' },
];

type Loadable<T> = { state: 'loading' } | { state: 'error' } | { state: 'ready'; value: T };

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
        <span className={cx(styles.dot, styles.dotOn)} aria-hidden="true" />
        Connected{name ? ` as ${name}` : ''}
      </p>
      {value.expired ? (
        <p className={styles.warningText}>Your LinkedIn connection has expired. Reconnect to keep publishing.</p>
      ) : value.reconnectSoon ? (
        <p className={styles.warningText}>
          Your LinkedIn connection expires {value.expiresAt ? `on ${formatLongDate(value.expiresAt)}` : 'soon'}. Reconnect to keep publishing.
        </p>
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

function FunnelCard({ items }: { items: Loadable<ContentItem[]> }) {
  const ready = items.state === 'ready' ? items.value : null;
  const mix = ready ? funnelMix(ready) : null;
  return (
    <Card as="section" aria-labelledby="funnel-title">
      <CardHeader
        id="funnel-title"
        title="Your content mix"
        description="Against the strategy: 20-30% top of funnel, 60% middle, 20% bottom."
      />
      <CardBody>
        {!mix ? (
          <p className={styles.muted}>{items.state === 'error' ? 'Your mix shows once your content loads.' : 'Loading...'}</p>
        ) : mix.total === 0 ? (
          <p className={styles.muted}>Your mix appears after your first posts. A balanced week: one Contrarian Take, three value posts, one Relationship Builder.</p>
        ) : (
          <>
            <ul className={styles.funnel}>
              {mix.stages.map((s) => {
                const target = funnelTargets[s.stage];
                return (
                  <li key={s.stage} className={styles.funnelRow} data-testid={`funnel-${s.stage}`}>
                    <div className={styles.funnelHead}>
                      <div>
                        <p className={styles.funnelLabel}>{target.label}</p>
                        <p className={styles.funnelTypes}>{typesOf(s.stage).map(contentTypeName).join(', ')}</p>
                      </div>
                      <div className={styles.funnelNumbers}>
                        <span className={styles.funnelPercent}>{s.percent}%</span>
                        <Badge tone={s.verdict === 'on' ? 'success' : 'warning'}>
                          {s.verdict === 'on' ? 'On target' : s.verdict === 'below' ? 'Below target' : 'Above target'}
                        </Badge>
                      </div>
                    </div>
                    <div
                      className={styles.bar}
                      role="img"
                      aria-label={`${target.label}: ${s.percent}% of your posts (${s.count}), target ${target.text}`}
                    >
                      <span className={styles.barTarget} style={{ left: `${target.min}%`, width: `${target.max - target.min}%` }} />
                      <span className={cx(styles.barFill, s.verdict === 'on' && styles.barFillOn)} style={{ width: `${s.percent}%` }} />
                    </div>
                    <p className={styles.funnelTarget}>Target {target.text}</p>
                  </li>
                );
              })}
            </ul>
            <p className={styles.funnelNext}>
              Based on your {mix.total} {mix.total === 1 ? 'post' : 'posts'}.{' '}
              {mix.next ? (
                <>
                  Next, write a{' '}
                  <Link to={`${paths.content}?type=${typesOf(mix.next)[0]}`}>{contentTypeName(typesOf(mix.next)[0])}</Link> to balance your mix.
                </>
              ) : (
                'Your mix is in balance.'
              )}
            </p>
          </>
        )}
      </CardBody>
    </Card>
  );
}

function RecentContent({ items, onRetry }: { items: Loadable<ContentItem[]>; onRetry: () => void }) {
  let body;
  if (items.state === 'loading') {
    body = (
      <div className={styles.loadingRow} role="status">
        <Spinner size={20} /> Loading your content...
      </div>
    );
  } else if (items.state === 'error') {
    body = (
      <EmptyState compact title="Failed to load content" action={<Button onClick={onRetry} icon={<IconRefresh size={16} />}>Retry</Button>}>
        Your recent posts could not be loaded.
      </EmptyState>
    );
  } else if (items.value.length === 0) {
    body = (
      <EmptyState
        compact
        title="No content yet"
        icon={<IconSparkles size={22} />}
        action={
          <ButtonLink to={paths.content} variant="primary" size="sm">
            Create your first post
          </ButtonLink>
        }
      >
        Your latest drafts, scheduled and published posts will appear here.
      </EmptyState>
    );
  } else {
    const recent = [...items.value].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, RECENT_COUNT);
    body = (
      <ul className={styles.recent} aria-label="Recent content">
        {recent.map((item) => (
          <li key={item.id} className={styles.recentItem}>
            <ContentTypeIcon type={item.contentType} size={36} />
            <div className={styles.recentText}>
              <p className={styles.recentTopic}>{item.topic}</p>
              <p className={styles.recentMeta}>
                {contentTypeName(item.contentType)} · <time dateTime={item.createdAt}>{formatShortDateTime(item.createdAt)}</time>
              </p>
            </div>
            <StatusBadge status={item.status} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card as="section" aria-labelledby="recent-title">
      <CardHeader
        id="recent-title"
        title="Recent Content"
        actions={
          items.state === 'ready' && items.value.length > 0 ? (
            <Link to={paths.contentManagement} className={styles.headerLink}>
              View all
            </Link>
          ) : null
        }
      />
      <CardBody className={styles.recentBody}>{body}</CardBody>
    </Card>
  );
}

/** The dashboard (spec section 2): who you are, where to go next, your latest content and the framework. */
export function DashboardPage() {
  const user = useUser();
  const { refreshUser } = useAuth();
  useDocumentTitle('Dashboard');
  const [items, setItems] = useState<Loadable<ContentItem[]>>({ state: 'loading' });
  const [linkedin, setLinkedin] = useState<Loadable<LinkedInStatus>>({ state: 'loading' });
  const [refreshing, setRefreshing] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'success' | 'info' | 'danger'; text: string } | null>(null);

  const loadContent = useCallback(async (signal?: AbortSignal) => {
    setItems({ state: 'loading' });
    try {
      setItems({ state: 'ready', value: await listContent(signal) });
    } catch (error) {
      if ((error as Error)?.name !== 'AbortError') setItems({ state: 'error' });
    }
  }, []);

  const loadLinkedIn = useCallback(async (signal?: AbortSignal) => {
    try {
      setLinkedin({ state: 'ready', value: await getLinkedInStatus(signal) });
    } catch (error) {
      if ((error as Error)?.name !== 'AbortError') setLinkedin({ state: 'error' });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void loadContent(controller.signal);
    void loadLinkedIn(controller.signal);
    refreshUser().catch(() => {}); // fresh tier, trial count and picture
    return () => controller.abort();
  }, [loadContent, loadLinkedIn, refreshUser]);

  async function refreshPicture() {
    setRefreshing(true);
    setNotice(null);
    try {
      const { profilePictureUpdated } = await refreshLinkedInProfile();
      if (profilePictureUpdated) {
        // reload what the page shows (connection card and avatar)
        await Promise.all([loadLinkedIn(), refreshUser().catch(() => null)]);
        setNotice({ tone: 'success', text: PICTURE_UPDATED });
      } else {
        setNotice({ tone: 'info', text: PICTURE_NOT_FOUND });
      }
    } catch {
      setNotice({ tone: 'danger', text: PICTURE_REFRESH_FAILED });
    } finally {
      setRefreshing(false);
    }
  }

  const linkedinProfile = linkedin.state === 'ready' && linkedin.value.connected ? linkedin.value.profile : null;
  const picture = user.profilePicture || linkedInPicture(linkedinProfile);
  const admin = isAdminRole(user.userRole);
  const list = items.state === 'ready' ? items.value : [];
  const published = list.filter((i) => i.status === 'published').length;
  const scheduled = list.filter((i) => i.status === 'scheduled').length;
  const views = list.reduce((sum, i) => sum + (i.engagement?.impressions ?? 0), 0);

  return (
    <>
      <section className={styles.hero} aria-labelledby="welcome">
        <Avatar src={picture} initials={initials(user)} name={fullName(user)} size={64} />
        <div className={styles.heroText}>
          <h1 id="welcome" className={styles.title}>
            Welcome back, {user.firstName}
          </h1>
          <p className={styles.subtitle}>Create your next post, connect LinkedIn and follow how your content performs.</p>
          <div className={styles.badges}>
            <Badge tone="brand" data-testid="tier-badge">
              {tierNote(user)}
            </Badge>
            <Badge tone="neutral" data-testid="role-badge">
              {roleLabels[user.userRole] ?? user.userRole}
            </Badge>
            {admin ? (
              <Badge tone="dark" data-testid="admin-mark">
                <IconShield size={12} /> Admin
              </Badge>
            ) : null}
          </div>
        </div>
        <ButtonLink to={paths.content} variant="primary" icon={<IconSparkles size={16} />} className={styles.heroAction}>
          Generate Content
        </ButtonLink>
      </section>

      {notice ? (
        <Alert tone={notice.tone} onDismiss={() => setNotice(null)} className={styles.notice}>
          {notice.text}
        </Alert>
      ) : null}

      <div className={styles.cards}>
        <Card as="section" padded className={styles.actionCard} aria-labelledby="card-generate">
          <span className={cx(styles.cardIcon, styles.iconBrand)} aria-hidden="true">
            <IconSparkles size={22} />
          </span>
          <h2 id="card-generate" className={styles.cardTitle}>
            Generate Content
          </h2>
          <p className={styles.muted}>A post and five hooks in about 30 seconds, from one of five proven content types.</p>
          <Link to={paths.content} className={styles.cardLink}>
            Start writing <IconArrowRight size={16} />
          </Link>
        </Card>
        <Card as="section" padded className={styles.actionCard} aria-labelledby="card-linkedin">
          <span className={cx(styles.cardIcon, styles.iconLinkedIn)} aria-hidden="true">
            <IconLinkedIn size={22} />
          </span>
          <h2 id="card-linkedin" className={styles.cardTitle}>
            LinkedIn Connection
          </h2>
          <ConnectionSummary status={linkedin} onRefreshPicture={refreshPicture} refreshing={refreshing} />
          <Link to={paths.profile} className={styles.cardLink}>
            {linkedin.state === 'ready' && linkedin.value.connected ? 'Manage connection' : 'Connect LinkedIn'} <IconArrowRight size={16} />
          </Link>
        </Card>
        <Card as="section" padded className={styles.actionCard} aria-labelledby="card-analytics">
          <span className={cx(styles.cardIcon, styles.iconSuccess)} aria-hidden="true">
            <IconChart size={22} />
          </span>
          <h2 id="card-analytics" className={styles.cardTitle}>
            Content Analytics
          </h2>
          {items.state === 'ready' ? (
            <dl className={styles.miniStats}>
              <div>
                <dt>Posts</dt>
                <dd>{list.length}</dd>
              </div>
              <div>
                <dt>Published</dt>
                <dd>{published}</dd>
              </div>
              <div>
                <dt>Scheduled</dt>
                <dd>{scheduled}</dd>
              </div>
              <div>
                <dt>Views</dt>
                <dd>{views.toLocaleString('en-US')}</dd>
              </div>
            </dl>
          ) : (
            <p className={styles.muted}>Drafts, scheduled posts and how your published posts perform.</p>
          )}
          <Link to={paths.contentManagement} className={styles.cardLink}>
            Manage content <IconArrowRight size={16} />
          </Link>
        </Card>
      </div>

      <div className={styles.grid}>
        <div className={styles.column}>
          <RecentContent items={items} onRetry={() => void loadContent()} />
          <FunnelCard items={items} />
        </div>
        <div className={styles.column}>
          <Card as="section" aria-labelledby="types-title">
            <CardHeader id="types-title" title="The five content types" description="The framework behind every post." />
            <CardBody className={styles.typesBody}>
              <ul className={styles.types}>
                {contentTypes.map((type) => {
                  const info = contentTypeInfo[type];
                  return (
                    <li key={type} className={styles.type}>
                      <ContentTypeIcon type={type} size={36} />
                      <div className={styles.typeText}>
                        <p className={styles.typeName}>{info.name}</p>
                        <p className={styles.typeMeta}>
                          <span data-testid="type-day">{info.day}</span> · {info.purpose}
                        </p>
                      </div>
                      <Link to={`${paths.content}?type=${type}`} className={styles.typeLink} aria-label={`Write: ${info.name}`}>
                        Write
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </CardBody>
          </Card>
          <Card as="section" aria-labelledby="tips-title">
            <CardHeader id="tips-title" title="Quick Tips" />
            <CardBody>
              <ul className={styles.tips}>
                {quickTips.map((tip) => (
                  <li key={tip.title}>
                    <IconCheck size={16} />
                    <div>
                      <p className={styles.tipTitle}>{tip.title}</p>
                      <p className={styles.muted}>{tip.text}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </CardBody>
          </Card>
        </div>
      </div>
    </>
  );
}
