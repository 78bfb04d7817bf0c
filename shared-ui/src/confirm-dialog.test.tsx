import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from '@callboard/shared-ui/confirm-dialog';

test('stays up and busy until the action has answered, then closes; Cancel closes without acting', async () => {
  const user = userEvent.setup();
  let finish: () => void = () => {};
  const onConfirm = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  const onClose = jest.fn();
  const { rerender } = render(
    <ConfirmDialog title="Delete thing" onConfirm={onConfirm} onClose={onClose}>
      <p>Delete it?</p>
    </ConfirmDialog>,
  );
  expect(screen.getByRole('dialog', { name: 'Delete thing' })).toHaveTextContent('Delete it?');
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await user.keyboard('{Escape}');
  expect(onClose).not.toHaveBeenCalled();
  finish();
  await screen.findByRole('button', { name: 'Cancel', hidden: false });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(onClose).toHaveBeenCalledTimes(1);

  const cancelled = jest.fn();
  rerender(
    <ConfirmDialog title="Delete other" confirmLabel="Remove" onConfirm={cancelled} onClose={onClose}>
      <p>Remove it?</p>
    </ConfirmDialog>,
  );
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(cancelled).not.toHaveBeenCalled();
  expect(onClose).toHaveBeenCalledTimes(2);
});
