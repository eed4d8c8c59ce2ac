import { IconCheck, IconGlobe } from '../../../components/ui/icons';
import styles from './hero-preview.module.css';

const hooks = [
  'Most strategy decks are written for the board, not the team doing the work.',
  'We cut our planning cycle from 12 weeks to 10 days. Here is what we stopped doing.',
  'The best decision I made as CEO was the meeting I cancelled.',
];

/** An illustration of the product: a chosen hook and the post it opens. Purely decorative. */
export function HeroPreview() {
  return (
    <div className={styles.stage} aria-hidden="true">
      <div className={styles.panel}>
        <div className={styles.panelHeader}>
          <span className={styles.typePill}>Contrarian Take</span>
          <span className={styles.dayPill}>Monday</span>
        </div>
        <p className={styles.panelLabel}>Choose your hook</p>
        <ul className={styles.hooks}>
          {hooks.map((hook, i) => (
            <li key={hook} className={i === 1 ? `${styles.hook} ${styles.hookSelected}` : styles.hook}>
              <span className={styles.radio}>{i === 1 ? <IconCheck size={12} /> : null}</span>
              {hook}
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.post}>
        <div className={styles.postHeader}>
          <span className={styles.postAvatar}>DW</span>
          <span>
            <span className={styles.postName}>Dana Whitfield</span>
            <span className={styles.postMeta}>
              CEO at Fieldstone · now · <IconGlobe size={11} />
            </span>
          </span>
        </div>
        <p className={styles.postText}>
          <strong>We cut our planning cycle from 12 weeks to 10 days. Here is what we stopped doing.</strong>
          <br />
          <br />
          For years our annual plan took a full quarter. By the time it was approved, the market had moved. So we tried something
          uncomfortable<span className={styles.more}>...see more</span>
        </p>
        <div className={styles.postFooter}>
          <span className={styles.counter}>
            <span className={styles.counterDot} />
            1,482 / 1,600 characters
          </span>
          <span className={styles.ready}>Ready to publish</span>
        </div>
      </div>
    </div>
  );
}
