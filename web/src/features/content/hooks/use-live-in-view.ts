import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';

interface Run {
  /** the preview was opened for this run (phones), not by the member: it folds away again after */
  autoOpened: boolean;
  /** the member opened or closed the preview during this run: their choice stands */
  toggled: boolean;
  /** the member scrolled the preview during this run: it is no longer moved for them */
  scrolled: boolean;
  /** the start of the text was brought into view (once per run) */
  shown: boolean;
}

const fresh = (): Run => ({ autoOpened: false, toggled: false, scrolled: false, shown: false });

/**
 * The post being written is seen as it grows. When its text starts, the preview is opened if it
 * is folded away (the phone layout's Preview toggle) and brought into view, once; while the text
 * grows, the preview keeps its newest line in view. A member who scrolls the preview, or opens or
 * closes it, is never fought: from then on it stays as they left it. When the run ends, a preview
 * opened only for it folds away again, so the result below is not covered.
 */
export function useLiveInView({
  writing,
  started,
  length,
  open,
  setOpen,
}: {
  /** a generation runs and its post is shown */
  writing: boolean;
  /** some of the post's text has arrived */
  started: boolean;
  /** how much has arrived (the body and the hooks): each change may move the preview */
  length: number;
  /** the preview is unfolded (it matters only where it folds: the phone layout) */
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
}) {
  const cardRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const run = useRef<Run>(fresh());
  // read when the text starts, once per run: later changes are the member's own
  const isOpen = useRef(open);
  isOpen.current = open;

  useEffect(() => {
    if (writing) {
      run.current = fresh();
      return;
    }
    if (run.current.autoOpened && !run.current.toggled) setOpen(false);
    run.current.autoOpened = false;
  }, [writing, setOpen]);

  // scrolling the preview by hand (wheel, touch, keys) ends the following for this run
  useEffect(() => {
    const body = bodyRef.current;
    if (!writing || !body) return;
    const scrolled = () => {
      run.current.scrolled = true;
    };
    const keys = (event: KeyboardEvent) => {
      if (['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '].includes(event.key)) scrolled();
    };
    body.addEventListener('wheel', scrolled, { passive: true });
    body.addEventListener('touchmove', scrolled, { passive: true });
    body.addEventListener('keydown', keys);
    return () => {
      body.removeEventListener('wheel', scrolled);
      body.removeEventListener('touchmove', scrolled);
      body.removeEventListener('keydown', keys);
    };
  }, [writing]);

  useEffect(() => {
    if (!writing || !started || run.current.shown) return;
    run.current.shown = true;
    if (!run.current.toggled && !isOpen.current) {
      run.current.autoOpened = true;
      setOpen(true);
    }
    // after the opened preview is laid out; 'nearest' leaves a preview already on screen where it is
    const frame = requestAnimationFrame(() => cardRef.current?.scrollIntoView?.({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [writing, started, setOpen]);

  useEffect(() => {
    const body = bodyRef.current;
    if (!writing || !started || !body || run.current.scrolled) return;
    body.scrollTop = body.scrollHeight;
  }, [writing, started, length]);

  return {
    cardRef,
    bodyRef,
    /** the member opened or closed the preview themselves */
    toggled: () => {
      run.current.toggled = true;
      run.current.autoOpened = false;
    },
  };
}
