/**
 * The whole text of a header or cell that is drawn cut (one line with an
 * ellipsis, too narrow for its column), as its tooltip, set when the pointer
 * or the focus reaches it and only while it is cut: a tooltip that repeats
 * what is already visible is noise. The text itself is never cut in the DOM
 * (CSS draws the ellipsis), so a screen reader reads it whole either way.
 * A title the cell gave itself (a character-cut text's whole text) is left alone.
 */
const AUTO = 'data-cb-auto-title';

function isCut(element: HTMLElement): boolean {
  return element.scrollWidth > element.clientWidth + 1;
}

function wholeText(element: HTMLElement): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** From the element the pointer or focus is on up to its header or cell: the title where the text is cut. */
export function titleTruncatedText(target: EventTarget | null): void {
  if (!(target instanceof HTMLElement)) return;
  const cell = target.closest('th, td');
  if (!(cell instanceof HTMLElement)) return;
  // A header's text is its sort button's label, wherever in the header the pointer is.
  const start = cell.tagName === 'TH' ? (cell.querySelector<HTMLElement>('.cb-table__sort-label') ?? target) : target;
  for (let element: HTMLElement | null = start; element; element = element.parentElement) {
    const ours = element.hasAttribute(AUTO);
    if (element.hasAttribute('title') && !ours) return;
    const text = wholeText(element);
    if (text !== '' && isCut(element)) {
      element.setAttribute('title', text);
      element.setAttribute(AUTO, '');
      return;
    }
    if (ours) {
      element.removeAttribute('title');
      element.removeAttribute(AUTO);
    }
    if (element === cell) return;
  }
}
