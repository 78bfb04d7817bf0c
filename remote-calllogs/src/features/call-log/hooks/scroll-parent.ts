/**
 * Which box scrolls the log: the nearest ancestor whose overflow scrolls (the
 * shell's <main>, layout.css), or the window when none does (the remote on its
 * own, where the document scrolls).
 */
export function scrollParentOf(element: Element): Element | Window {
  for (let node = element.parentElement; node && node !== document.body && node !== document.documentElement; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') return node;
  }
  return window;
}

/** How far below the top of the scrolled content `element` sits, in px: what a virtualiser calls its scroll margin. */
export function topWithin(element: Element, scroller: Element | Window): number {
  const top = element.getBoundingClientRect().top;
  if (scroller instanceof Element) return top - scroller.getBoundingClientRect().top + scroller.scrollTop;
  return top + scroller.scrollY;
}
