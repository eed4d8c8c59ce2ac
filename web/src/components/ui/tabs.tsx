import { useCallback, useEffect, useId, useRef, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './tabs.module.css';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  count?: number;
}

/**
 * Whether a horizontally scrolling box has more to show on either side, followed on scroll and
 * resize: the cue on small screens that the row goes on, where tabs would otherwise look clipped.
 */
function useOverflowEdges() {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const start = el.scrollLeft > 1;
    const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((current) => (current.start === start && current.end === end ? current : { start, end }));
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure]);

  return { ref, edges, measure };
}

/**
 * A tab list (WAI-ARIA tabs, automatic activation): arrow keys, Home and End move and select.
 * Pair it with <TabPanel> using the same idBase. When the tabs do not fit (a phone), the row
 * scrolls sideways, fades at the edge that has more, and keeps the selected tab in view.
 */
export function Tabs<T extends string>({
  items,
  value,
  onChange,
  label,
  idBase,
  className,
}: {
  items: TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  idBase?: string;
  className?: string;
}) {
  const generated = useId();
  const base = idBase ?? generated;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const { ref: scrollerRef, edges, measure } = useOverflowEdges();
  const selectedIndex = items.findIndex((item) => item.value === value);

  useEffect(() => {
    const tab = refs.current[selectedIndex];
    const scroller = scrollerRef.current;
    if (!tab || !scroller || scroller.scrollWidth <= scroller.clientWidth) return;
    // bring the selected tab into the visible part of the row (not the page); the row is the tabs' offset parent
    const left = tab.offsetLeft;
    if (left < scroller.scrollLeft) scroller.scrollLeft = left;
    else if (left + tab.offsetWidth > scroller.scrollLeft + scroller.clientWidth) scroller.scrollLeft = left + tab.offsetWidth - scroller.clientWidth;
    measure();
  }, [selectedIndex, scrollerRef, measure]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.value === value);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    onChange(items[next].value);
    refs.current[next]?.focus();
  }

  return (
    <div className={cx(styles.frame, edges.start && styles.moreStart, edges.end && styles.moreEnd)} data-more-start={edges.start || undefined} data-more-end={edges.end || undefined}>
    <div ref={scrollerRef} role="tablist" aria-label={label} className={cx(styles.list, className)} onKeyDown={onKeyDown}>
      {items.map((item, i) => {
        const selected = item.value === value;
        return (
          <button
            key={item.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${item.value}`}
            aria-selected={selected}
            aria-controls={`${base}-panel`}
            tabIndex={selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(item.value)}
          >
            {item.label}
            {item.count !== undefined ? <span className={styles.count}>{item.count}</span> : null}
          </button>
        );
      })}
    </div>
    </div>
  );
}

export function TabPanel({ idBase, value, ...rest }: HTMLAttributes<HTMLDivElement> & { idBase: string; value: string }) {
  return <div role="tabpanel" id={`${idBase}-panel`} aria-labelledby={`${idBase}-tab-${value}`} tabIndex={0} {...rest} />;
}
