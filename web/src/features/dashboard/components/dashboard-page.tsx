import { Alert } from '../../../components/ui/alert';
import { useUser } from '../../../lib/auth';
import { linkedInPicture } from '../../../lib/linkedin-api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboardData } from '../hooks/use-dashboard-data';
import { ActionCards } from './action-cards';
import { ContentTypesCard, QuickTipsCard } from './framework-cards';
import { FunnelCard } from './funnel-card';
import { NextTypeCard } from './next-type-card';
import { RecentContent } from './recent-content';
import { WelcomeHero } from './welcome-hero';
import styles from './dashboard-page.module.css';

export { PICTURE_NOT_FOUND, PICTURE_REFRESH_FAILED, PICTURE_UPDATED } from '../hooks/use-dashboard-data';
export { RECENT_COUNT } from './recent-content';

/** The dashboard: who you are, where to go next (what to write, from your insights), your latest content and the framework. */
export function DashboardPage() {
  const user = useUser();
  useDocumentTitle('Dashboard');
  const { items, linkedin, nextType, refreshing, notice, dismissNotice, retryContent, refreshPicture } = useDashboardData();

  const linkedinProfile = linkedin.state === 'ready' && linkedin.value.connected ? linkedin.value.profile : null;
  const picture = user.profilePicture || linkedInPicture(linkedinProfile);

  return (
    <>
      <WelcomeHero user={user} picture={picture} />

      {notice ? (
        <Alert tone={notice.tone} onDismiss={dismissNotice} className={styles.notice}>
          {notice.text}
        </Alert>
      ) : null}

      <ActionCards items={items} linkedin={linkedin} onRefreshPicture={refreshPicture} refreshing={refreshing} />

      <div className={styles.grid}>
        <div className={styles.column}>
          <RecentContent items={items} onRetry={retryContent} />
          <FunnelCard items={items} suggestNext={!nextType} />
        </div>
        <div className={styles.column}>
          {nextType ? <NextTypeCard next={nextType} /> : null}
          <ContentTypesCard />
          <QuickTipsCard />
        </div>
      </div>
    </>
  );
}
