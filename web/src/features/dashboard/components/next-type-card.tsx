import { Link } from 'react-router-dom';
import type { ContentType } from '@postwright/contracts';
import { ContentTypeIcon, contentTypeInfo } from '../../../components/content/content-type';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { IconSparkles } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { withArticle } from './funnel';
import styles from './dashboard-panels.module.css';

export interface NextType {
  contentType: ContentType;
  reason: string;
}

/** The type to write next, as the member's insights suggest it (their mix and, with enough posts, what works), with its reason. */
export function NextTypeCard({ next }: { next: NextType }) {
  const info = contentTypeInfo[next.contentType];
  return (
    <Card as="section" aria-labelledby="next-type-title">
      <CardHeader
        id="next-type-title"
        title="What to write next"
        actions={
          <Link to={paths.insights} className={styles.headerLink}>
            Your insights
          </Link>
        }
      />
      <CardBody className={styles.next}>
        <div className={styles.nextHead}>
          <ContentTypeIcon type={next.contentType} size={40} />
          <div className={styles.typeText}>
            <p className={styles.typeName}>{info.name}</p>
            <p className={styles.typeMeta}>
              {info.day} · {info.purpose}
            </p>
          </div>
        </div>
        <p className={styles.nextReason} data-testid="next-type-reason">
          {next.reason}
        </p>
        <ButtonLink to={`${paths.content}?type=${next.contentType}`} variant="primary" icon={<IconSparkles size={16} />}>
          Write {withArticle(info.name)}
        </ButtonLink>
      </CardBody>
    </Card>
  );
}
