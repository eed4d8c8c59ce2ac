import { useId } from 'react';
import { contentTypes, type ContentType } from '@postwright/contracts';
import { ContentTypeIcon, contentTypeInfo } from '../../../components/content/content-type';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { useScrollCue } from '../hooks/use-scroll-cue';
import { typeCopy } from './type-copy';
import page from './content-page.module.css';
import styles from './type-step.module.css';

/** Step 1: the five types as big choices; once chosen, a compact quick switch (a scrolling row on phones). */
export function TypeStep({ value, onChange, compact }: { value: ContentType | null; onChange: (type: ContentType) => void; compact: boolean }) {
  const name = useId();
  const { ref, more } = useScrollCue<HTMLFieldSetElement>(value);
  return (
    <Card as="section" aria-labelledby="step-type">
      <CardHeader
        id="step-type"
        title={
          <>
            <span className={page.step}>1</span>
            {value ? 'Content type' : 'Choose a content type'}
          </>
        }
        description={value ? 'Switch at any time; your work on each type is kept.' : 'Each type plays its own part in the framework.'}
      />
      <CardBody>
        <div className={cx(styles.typesFrame, more.before && styles.moreBefore, more.after && styles.moreAfter)} data-testid="type-chips">
          <fieldset ref={ref} className={cx(styles.types, compact && styles.typesCompact)}>
            <legend className="visually-hidden">Content type</legend>
            {contentTypes.map((type) => {
              const info = contentTypeInfo[type];
              const checked = value === type;
              return (
                <label key={type} className={cx(styles.typeOption, checked && styles.typeOptionChecked)} data-type={type}>
                  <input type="radio" name={name} value={type} checked={checked} onChange={() => onChange(type)} className="visually-hidden" />
                  <ContentTypeIcon type={type} size={compact ? 32 : 40} />
                  <span className={styles.typeText}>
                    <span className={styles.typeName}>{info.name}</span>
                    <span className={styles.typeMeta}>
                      {info.day} · {info.purpose}
                    </span>
                    {compact ? null : <span className={styles.typePitch}>{typeCopy[type].pitch}</span>}
                  </span>
                </label>
              );
            })}
          </fieldset>
          {more.after ? (
            <span className={styles.moreHint} aria-hidden="true">
              ›
            </span>
          ) : null}
        </div>
      </CardBody>
    </Card>
  );
}
