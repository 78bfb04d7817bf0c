import { render } from '@testing-library/react';
import { HighlightedText } from './highlighted-text';

const marks = (container: HTMLElement) => [...container.querySelectorAll('mark')].map((m) => m.textContent);

describe('HighlightedText', () => {
  test('marks each span, in text order, and keeps the whole text', () => {
    const { container } = render(<HighlightedText text="I cancelled, then cancel again" spans={[{ start: 18, end: 24 }, { start: 2, end: 11 }]} />);
    expect(marks(container)).toEqual(['cancelled', 'cancel']);
    expect(container.textContent).toBe('I cancelled, then cancel again');
  });

  test('renders text, never HTML', () => {
    const { container } = render(<HighlightedText text="<img src=x onerror=alert(1)> refund" spans={[{ start: 29, end: 35 }]} />);
    expect(container.querySelector('img')).toBeNull();
    expect(marks(container)).toEqual(['refund']);
  });

  test('leaves out spans past the end, empty, or overlapping the one before; none at all is the plain text', () => {
    const text = 'short text';
    const { container } = render(<HighlightedText text={text} spans={[{ start: 0, end: 5 }, { start: 3, end: 8 }, { start: 6, end: 6 }, { start: 6, end: 40 }]} />);
    expect(marks(container)).toEqual(['short']);
    expect(container.textContent).toBe(text);
    const plain = render(<HighlightedText text={text} />);
    expect(plain.container.querySelector('mark')).toBeNull();
    expect(plain.container.textContent).toBe(text);
  });
});
