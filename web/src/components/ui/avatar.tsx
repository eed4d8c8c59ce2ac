import { useState } from 'react';
import styles from './avatar.module.css';

/** A profile picture, or the initials when there is none (or it fails to load). */
export function Avatar({ src, initials, name, size = 40 }: { src?: string | null; initials: string; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const showImage = src && !failed;
  return (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}>
      {showImage ? <img src={src} alt={name} onError={() => setFailed(true)} /> : <span aria-hidden="true">{initials}</span>}
    </span>
  );
}
