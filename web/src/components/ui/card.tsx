import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx';
import styles from './card.module.css';

type HeadingLevel = 'h2' | 'h3' | 'h4';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'section' | 'article' | 'li' | 'aside';
  padded?: boolean;
  interactive?: boolean;
}

export function Card({ as: Tag = 'div', padded, interactive, className, ...rest }: CardProps) {
  return <Tag className={cx(styles.card, padded && styles.padded, interactive && styles.interactive, className)} {...rest} />;
}

export function CardHeader({
  title,
  description,
  actions,
  as: Heading = 'h2',
  id,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  as?: HeadingLevel;
  id?: string;
}) {
  return (
    <div className={styles.header}>
      <div>
        <Heading className={styles.title} id={id}>
          {title}
        </Heading>
        {description ? <p className={styles.description}>{description}</p> : null}
      </div>
      {actions ? <div>{actions}</div> : null}
    </div>
  );
}

export function CardBody({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(styles.body, className)} {...rest} />;
}

