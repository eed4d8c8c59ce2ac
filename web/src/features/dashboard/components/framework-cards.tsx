import { Link } from 'react-router-dom';
import { contentTypes } from '@postwright/contracts';
import { ContentTypeIcon, contentTypeInfo } from '../../../components/content/content-type';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { IconCheck } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import styles from './dashboard-panels.module.css';

const quickTips = [
  { title: 'Post on the framework day', text: 'Contrarian Takes on Monday, Behind the Scenes and Frameworks on Wednesday, Insights and Relationship Builders on Friday.' },
  { title: 'Earn the "see more"', text: 'Readers decide in the first two lines. Pick the hook that makes your ideal reader stop.' },
  { title: 'Apply the $1,000 insight test', text: 'Would someone pay $1,000 for this advice? If not, add the specific number, mistake or decision.' },
  { title: 'Reply within the first hour', text: 'Answering early comments tells LinkedIn the conversation is worth showing to more people.' },
];

/** The five framework types with their day and purpose, each a way into the generator. */
export function ContentTypesCard() {
  return (
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
  );
}

export function QuickTipsCard() {
  return (
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
  );
}
