import { render, screen } from '@testing-library/react';
import { RepeatBadge } from './repeat-badge';

test('a repeat call gets the Repeat badge, a first call nothing', () => {
  const { rerender, container } = render(<RepeatBadge call={{ repeat: true }} />);
  expect(screen.getByText('Repeat')).toHaveClass('cb-badge', 'cb-repeat-badge');
  rerender(<RepeatBadge call={{ repeat: false }} />);
  expect(container).toBeEmptyDOMElement();
});
