import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The width of an element, followed with a ResizeObserver, so the chart
 * draws to its container at any screen size. `fallback` is used until the
 * first measure, and where the browser has no ResizeObserver (jsdom).
 */
export function useContainerWidth<E extends HTMLElement>(fallback: number): [RefObject<E | null>, number] {
  const ref = useRef<E | null>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = (next: number) => setWidth((current) => (next > 0 && Math.abs(next - current) >= 1 ? Math.floor(next) : current));
    measure(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
