import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of the element the ref is put on, followed as it changes, so a chart is drawn for
 * the space it has (a phone's 375 px or a desktop column) instead of being scaled down whole,
 * text and all. `fallback` stands where nothing is laid out (tests, the first paint).
 */
export function useMeasuredWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const read = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return { ref, width };
}
