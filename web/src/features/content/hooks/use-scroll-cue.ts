import { useEffect, useRef, useState } from 'react';

/**
 * For a row that scrolls sideways (the type chips at 375 px): whether more lies before or after
 * what is shown, so the edge can say so; and the chosen element brought into view.
 */
export function useScrollCue<T extends HTMLElement>(selected: string | null) {
  const ref = useRef<T>(null);
  const [more, setMore] = useState({ before: false, after: false });

  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const update = () => {
      const max = row.scrollWidth - row.clientWidth;
      const next = { before: max > 1 && row.scrollLeft > 1, after: max > 1 && row.scrollLeft < max - 1 };
      setMore((current) => (current.before === next.before && current.after === next.after ? current : next));
    };
    update();
    row.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(row);
    return () => {
      row.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, []);

  // keep the chosen chip in view without scrolling the page
  useEffect(() => {
    const row = ref.current;
    const chosen = selected ? row?.querySelector<HTMLElement>(`[data-type="${selected}"]`) : null;
    if (!row || !chosen || row.scrollWidth <= row.clientWidth) return;
    const start = chosen.offsetLeft - row.offsetLeft;
    if (start < row.scrollLeft || start + chosen.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = Math.max(0, start - 16);
    }
  }, [selected]);

  return { ref, more };
}
