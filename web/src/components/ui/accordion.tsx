import { useId, useState, type ReactNode } from 'react';
import { cx } from './cx';
import { IconChevronDown } from './icons';
import styles from './accordion.module.css';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

/**
 * Disclosure list where at most one item is open at a time (opening one closes the other;
 * activating the open one closes it). Buttons inside headings, as the WAI-ARIA accordion pattern.
 * Controlled with `openId` + `onOpenChange`, or uncontrolled with `defaultOpenId`.
 */
export function Accordion({
  items,
  openId,
  defaultOpenId = null,
  onOpenChange,
  headingLevel = 3,
  className,
}: {
  items: AccordionItem[];
  openId?: string | null;
  defaultOpenId?: string | null;
  onOpenChange?: (id: string | null) => void;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const [internal, setInternal] = useState<string | null>(defaultOpenId);
  const current = openId !== undefined ? openId : internal;
  const base = useId();
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';

  function toggle(id: string) {
    const next = current === id ? null : id;
    if (openId === undefined) setInternal(next);
    onOpenChange?.(next);
  }

  return (
    <div className={cx(styles.accordion, className)}>
      {items.map((item) => {
        const open = current === item.id;
        const buttonId = `${base}-${item.id}-button`;
        const panelId = `${base}-${item.id}-panel`;
        return (
          <div className={styles.item} key={item.id}>
            <Heading className={styles.heading}>
              <button
                type="button"
                id={buttonId}
                className={styles.trigger}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span>{item.title}</span>
                <IconChevronDown className={styles.chevron} size={20} />
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className={styles.panel} hidden={!open}>
              {open ? item.content : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
