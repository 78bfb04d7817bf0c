import { DISPOSITIONS } from '@callboard/contract';
import { render, screen } from '@testing-library/react';
import { DisputeBadge, STATUS_SLUGS, StatusBadge, statusSlug } from './status-badge';

describe('StatusBadge', () => {
  test.each(DISPOSITIONS.map((d) => [d]))('%s has its own style', (disposition) => {
    render(<StatusBadge status={disposition} />);
    const badge = screen.getByText(disposition).closest('.cb-status');
    expect(badge).toHaveClass('cb-status', `cb-status--${STATUS_SLUGS[disposition]}`);
    expect(badge).not.toHaveClass('cb-status--default');
  });

  test('the 14 styles are all different', () => {
    const slugs = DISPOSITIONS.map((d) => statusSlug(d));
    expect(new Set(slugs).size).toBe(14);
    expect(slugs).not.toContain('default');
    expect(statusSlug('subsidy/incentivised')).toBe('subsidy');
  });

  test('matches a disposition written in another case', () => {
    render(<StatusBadge status="not interested" />);
    expect(screen.getByText('not interested').closest('.cb-status')).toHaveClass('cb-status--not-interested');
  });

  test('any other status gets the default light badge', () => {
    render(<StatusBadge status="Wrong Number" />);
    expect(screen.getByText('Wrong Number').closest('.cb-status')).toHaveClass('cb-status--default');
  });

  test.each([[''], ['   '], [null], [undefined]])('%j shows the dash', (status) => {
    const { container } = render(<StatusBadge status={status} />);
    expect(container).toHaveTextContent('—');
    expect(container.querySelector('.cb-status')).toBeNull();
  });
});

describe('DisputeBadge', () => {
  test.each([
    ['open', 'Disputed'],
    ['accepted', 'Credited'],
    ['partial', 'Credited'],
    ['rejected', 'Dispute rejected'],
  ] as const)('a call whose dispute is %s reads "%s"', (disputeState, label) => {
    render(<DisputeBadge call={{ disputeState }} />);
    expect(screen.getByText(label)).toHaveAttribute('data-dispute-state', disputeState);
  });

  test('a call never disputed has no badge', () => {
    const { container } = render(<DisputeBadge call={{ disputeState: 'none' }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
