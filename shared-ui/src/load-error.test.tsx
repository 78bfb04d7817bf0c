import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadError, loadErrorMessage } from './load-error';

describe('LoadError', () => {
  test('says what failed and why, and Retry repeats the request', async () => {
    const onRetry = jest.fn();
    render(<LoadError title="Failed to load payments." error={new Error('Database unavailable')} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load payments.');
    expect(alert).toHaveTextContent('Database unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  test('has no Retry when the caller cannot repeat the request', () => {
    render(<LoadError title="Failed to load records." error={new Error('Bad gateway')} />);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  test('a written message is shown as it is; an error without one gets the generic text', () => {
    expect(loadErrorMessage('Failed to load items')).toBe('Failed to load items');
    expect(loadErrorMessage(new Error(''))).toBe('Unknown error occurred');
    expect(loadErrorMessage({ status: 500 })).toBe('Unknown error occurred');
  });
});
