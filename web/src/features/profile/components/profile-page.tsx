import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/layouts/page-header';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { IconArrowRight, IconFolder, IconSparkles } from '../../../components/ui/icons';
import { IconLightbulb, IconSettings } from '../../../components/ui/icons-app';
import { paths } from '../../../config/paths';
import { useAuth, useUser } from '../../../lib/auth';
import { fullName } from '../../../lib/user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccountStatusCard } from './account-status-card';
import { LinkedInCard } from './linkedin-card';
import { PersonalInfoCard } from './personal-info-card';
import styles from './profile-page.module.css';

/** The profile screen: personal information, LinkedIn connection, account status, quick actions. */
export function ProfilePage() {
  const user = useUser();
  const { refreshUser } = useAuth();
  useDocumentTitle('Profile');

  useEffect(() => {
    refreshUser().catch(() => {});
  }, [refreshUser]);

  return (
    <>
      <PageHeader title="Profile" description={`${fullName(user)} · ${user.email}`} />
      <div className={styles.layout}>
        <div className={styles.column}>
          <PersonalInfoCard user={user} />
          <LinkedInCard />
        </div>
        <div className={styles.column}>
          <AccountStatusCard user={user} />

          <Card as="section" aria-labelledby="quick-title">
            <CardHeader id="quick-title" title="Quick Actions" />
            <CardBody className={styles.quickBody}>
              <ul className={styles.quick}>
                <li>
                  <Link to={paths.content}>
                    <IconSparkles size={18} /> Generate Content <IconArrowRight size={16} className={styles.quickArrow} />
                  </Link>
                </li>
                <li>
                  <Link to={paths.contentManagement}>
                    <IconFolder size={18} /> Manage Content <IconArrowRight size={16} className={styles.quickArrow} />
                  </Link>
                </li>
                <li>
                  <Link to={paths.settings}>
                    <IconSettings size={18} /> Account Settings <IconArrowRight size={16} className={styles.quickArrow} />
                  </Link>
                </li>
              </ul>
            </CardBody>
          </Card>

          <Card as="aside" padded className={styles.tip} aria-labelledby="tip-title">
            <span className={styles.tipIcon} aria-hidden="true">
              <IconLightbulb size={20} />
            </span>
            <h2 id="tip-title" className={styles.tipTitle}>
              Framework tip
            </h2>
            <p>
              Keep your bio and job title current: every post is written in your voice and from your role. Then balance your week: a Contrarian Take on
              Monday, value on Wednesday, connection on Friday.
            </p>
          </Card>
        </div>
      </div>
    </>
  );
}
