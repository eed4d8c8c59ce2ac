import styles from './spinner.module.css';

/** Decorative; put the loading text next to it. */
export function Spinner({ size = 24 }: { size?: number }) {
  return <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />;
}
