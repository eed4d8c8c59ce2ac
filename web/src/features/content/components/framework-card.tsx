import { contentTypes, type ContentType } from '@postwright/contracts';
import { ContentTypeIcon, contentTypeInfo } from '../../../components/content/content-type';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { IconCheck } from '../../../components/ui/icons';
import { contentMixText } from '../../../config/content-mix';
import styles from './framework-card.module.css';

/** The framework at a glance: five types, their day and purpose, and the distribution strategy. */
export function FrameworkCard({ current }: { current: ContentType | null }) {
  return (
    <Card as="section" aria-labelledby="framework-title">
      <CardHeader id="framework-title" title="The framework" description="Five types, three posting days." as="h2" />
      <CardBody>
        <ul className={styles.frameworkList}>
          {contentTypes.map((type) => {
            const info = contentTypeInfo[type];
            return (
              <li key={type} className={cx(styles.frameworkItem, current === type && styles.frameworkItemCurrent)} aria-current={current === type ? 'true' : undefined}>
                <ContentTypeIcon type={type} size={32} />
                <div>
                  <p className={styles.frameworkName}>{info.name}</p>
                  <p className={styles.frameworkMeta}>
                    {info.day} · {info.purpose}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
        <p className={styles.frameworkStrategy}>
          A balanced week: {contentMixText}.
        </p>
      </CardBody>
    </Card>
  );
}

const tips = [
  'Pass the $1,000 insight test: would someone pay $1,000 for this advice?',
  'Lead with the hook that makes your ideal reader stop scrolling.',
  'Aim for 1,300-1,600 characters: long enough for substance, short enough to finish.',
  'One idea per post. Save the next one for Wednesday or Friday.',
  'End with a question to invite comments from your network.',
];

export function TipsCard() {
  return (
    <Card as="section" aria-labelledby="tips-title">
      <CardHeader id="tips-title" title="Tips" as="h2" />
      <CardBody>
        <ul className={styles.tips}>
          {tips.map((tip) => (
            <li key={tip}>
              <IconCheck size={16} />
              <span>{tip}</span>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
