import { useCallback, useEffect, useState } from 'react';

export interface InViewOptions {
  /** Grows the viewport's box, so an element counts as visible this far ahead of reaching it ("0px 0px 600px 0px"). */
  rootMargin?: string;
  /** What to assume until the observer first reports. */
  initial?: boolean;
}

export interface InView<T extends Element> {
  /** A callback ref for the element to watch. */
  ref: (element: T | null) => void;
  /** The observer's last answer. It arrives after layout, so right after a render it may be stale. */
  inView: boolean;
  element: T | null;
}

/**
 * Whether an element is in the viewport, by IntersectionObserver. The
 * observer's root is the viewport, which works wherever the page scrolls:
 * the shell's <main>, or the document in the standalone host.
 */
export function useInView<T extends Element>({ rootMargin = '0px', initial = false }: InViewOptions = {}): InView<T> {
  const [element, setElement] = useState<T | null>(null);
  const [inView, setInView] = useState(initial);

  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) setInView(entry.isIntersecting);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rootMargin]);

  const ref = useCallback((node: T | null) => setElement(node), []);
  return { ref, inView, element };
}

/**
 * Whether the element's top is above the viewport's bottom, measured now. The
 * log checks it after each page lands, when the observer's last answer still
 * describes the layout from before the rows were added.
 */
export function isWithinReach(element: Element | null): boolean {
  if (!element) return false;
  return element.getBoundingClientRect().top <= window.innerHeight;
}
