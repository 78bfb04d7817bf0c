import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Alert } from './alert';
import { Badge } from './badge';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { Spinner } from './spinner';

describe('Button', () => {
  test('is a non-submitting button with its variant and size classes', async () => {
    const onClick = jest.fn();
    render(
      <form onSubmit={() => { throw new Error('submitted'); }}>
        <Button variant="danger" size="sm" onClick={onClick}>
          Delete
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('cb-button--danger', 'cb-button--sm');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test('busy: disabled, aria-busy, with a spinner, and clicks do nothing', async () => {
    const onClick = jest.fn();
    render(
      <Button variant="primary" busy onClick={onClick}>
        Logging in...
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Logging in...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('.cb-spinner')).not.toBeNull();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('small pieces', () => {
  test('Spinner is announced unless decorative', () => {
    const { rerender } = render(<Spinner label="Loading stats" />);
    expect(screen.getByRole('status', { name: 'Loading stats' })).toBeInTheDocument();
    rerender(<Spinner decorative />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('Badge carries its tone', () => {
    render(<Badge tone="danger">admin</Badge>);
    expect(screen.getByText('admin')).toHaveClass('cb-badge', 'cb-badge--danger');
  });

  test('Alert: errors are alerts, info is a status; dismissable', async () => {
    const onDismiss = jest.fn();
    const { rerender } = render(
      <Alert tone="error" onDismiss={onDismiss}>
        Failed to load records. Network down
      </Alert>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load records. Network down');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    rerender(<Alert tone="info">Filters applied</Alert>);
    expect(screen.getByRole('status')).toHaveTextContent('Filters applied');
  });

  test('EmptyState shows title, description and action', () => {
    render(<EmptyState title="No users found" description="Try adjusting your search terms" action={<Button>Retry</Button>} />);
    expect(screen.getByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search terms')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
