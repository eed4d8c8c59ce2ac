import { useNavigate } from 'react-router-dom';
import { Logo } from '../../../components/site/logo';
import { PlanPicker } from '../../../components/site/plan-picker';
import { SiteFooter } from '../../../components/site/site-footer';
import { Button, ButtonLink } from '../../../components/ui/button';
import { IconArrowLeft } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './pricing-page.module.css';

/**
 * /pricing for signed-in users (spec section 2): own header with a way back to the dashboard and
 * a greeting, the plan picker, the footer. Choosing a plan goes to the dashboard (no payment step).
 */
export function PricingPage() {
  const user = useUser();
  const navigate = useNavigate();
  useDocumentTitle('Plans and pricing');

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={`container ${styles.headerInner}`}>
          <Logo to={paths.dashboard} label="Postwright dashboard" compactOnMobile />
          <div className={styles.headerRight}>
            <p className={styles.greeting}>
              Hi, <strong>{user.firstName}</strong>
            </p>
            <ButtonLink to={paths.dashboard} variant="secondary" size="sm" icon={<IconArrowLeft size={16} />}>
              Back to Dashboard
            </ButtonLink>
          </div>
        </div>
      </header>
      <main id="main" className={styles.main}>
        <div className="container">
          <div className={styles.intro}>
            <p className={styles.eyebrow}>Plans and pricing</p>
            <h1 className={styles.title}>Choose the plan that fits your voice</h1>
            <p className={styles.text}>
              Keep your momentum after the trial. Every plan includes all five content types and five hooks with every post.
            </p>
          </div>
          <PlanPicker
            headingLevel={2}
            action={(plan) => (
              <Button variant={plan.mostPopular ? 'primary' : 'secondary'} size="lg" block onClick={() => navigate(paths.dashboard)}>
                Choose {plan.name}
              </Button>
            )}
          />
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
