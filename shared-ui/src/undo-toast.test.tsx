import { UNDO_WINDOW_MS } from '@callboard/contract';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { showUndoToast } from './undo-toast';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  act(() => toast.remove());
  jest.useRealTimers();
});

test('the toast offers Undo for the whole window, and no longer', () => {
  render(<Toaster />);
  act(() => void showUndoToast('Call set to IVR', () => undefined));
  expect(screen.getByText('Call set to IVR')).toBeInTheDocument();

  act(() => jest.advanceTimersByTime(UNDO_WINDOW_MS - 500));
  expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();

  // Past the window it is dismissed, then removed once its exit animation is over.
  act(() => jest.advanceTimersByTime(1_000));
  act(() => jest.advanceTimersByTime(1_500));
  expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
});

test('Undo runs the undo once and closes the toast', async () => {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const onUndo = jest.fn();
  render(<Toaster />);
  act(() => void showUndoToast('3 calls updated', onUndo));
  await user.click(screen.getByRole('button', { name: 'Undo' }));
  expect(onUndo).toHaveBeenCalledTimes(1);
  act(() => jest.advanceTimersByTime(1_500));
  act(() => jest.advanceTimersByTime(1_500));
  expect(screen.queryByText('3 calls updated')).not.toBeInTheDocument();
});
