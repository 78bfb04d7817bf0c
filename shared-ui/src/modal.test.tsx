import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from './button';
import { Modal } from './modal';

function Harness({ onClose = () => {}, closeOnBackdrop }: { onClose?: () => void; closeOnBackdrop?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open details</Button>
      <Modal
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Call Record Details"
        subtitle="CA-123"
        closeOnBackdrop={closeOnBackdrop}
        footer={<Button onClick={() => setOpen(false)}>Close</Button>}
      >
        <p>Basic Information</p>
        <input aria-label="Note" />
      </Modal>
    </>
  );
}

async function openIt() {
  await userEvent.click(screen.getByRole('button', { name: 'Open details' }));
  return screen.getByRole('dialog', { name: 'Call Record Details' });
}

describe('Modal', () => {
  test('renders nothing while closed', () => {
    render(<Modal open={false} onClose={jest.fn()} title="Hidden" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('is a modal dialog in document.body, named by its title and described by its subtitle', async () => {
    const { container } = render(<Harness />);
    const dialog = await openIt();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('CA-123');
    expect(container.contains(dialog)).toBe(false);
    expect(document.body.contains(dialog)).toBe(true);
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  test('a click on the backdrop closes it; a click inside does not', async () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    const dialog = await openIt();
    await userEvent.click(screen.getByText('Basic Information'));
    await userEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a press that starts inside and ends on the backdrop does not close it', async () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    await openIt();
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.mouseDown(screen.getByText('Basic Information'));
    fireEvent.mouseUp(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
  });

  test('closeOnBackdrop={false} keeps it open on a backdrop click', async () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} closeOnBackdrop={false} />);
    await openIt();
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
  });

  test('Escape closes it', async () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    await openIt();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('the × button closes it', async () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    await openIt();
    await userEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('focus moves into the dialog on open, stays inside on Tab, and returns to the opener on close', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open details' });
    const dialog = await openIt();
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveFocus();
    for (let i = 0; i < 5; i += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(opener).toHaveFocus();
  });

  test('Escape in a nested dialog closes only that one', async () => {
    const outerClose = jest.fn();
    const innerClose = jest.fn();
    render(
      <Modal open onClose={outerClose} title="Outer">
        <Modal open onClose={innerClose} title="Inner">
          <button type="button">Inside</button>
        </Modal>
      </Modal>,
    );
    act(() => screen.getByRole('button', { name: 'Inside' }).focus());
    await userEvent.keyboard('{Escape}');
    expect(innerClose).toHaveBeenCalledTimes(1);
    expect(outerClose).not.toHaveBeenCalled();
  });

  test('locks page scroll while open', async () => {
    render(<Harness />);
    await openIt();
    expect(document.body).toHaveClass('cb-scroll-locked');
    await userEvent.keyboard('{Escape}');
    expect(document.body).not.toHaveClass('cb-scroll-locked');
  });
});

test('an autoFocus field keeps focus, and focus still returns to the opener', async () => {
  function AutoFocusHarness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Add User</Button>
        <Modal open={open} onClose={() => setOpen(false)} title="Create User">
          <input aria-label="Name" />
          <input aria-label="Email" autoFocus />
        </Modal>
      </>
    );
  }
  render(<AutoFocusHarness />);
  const opener = screen.getByRole('button', { name: 'Add User' });
  await userEvent.click(opener);
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  expect(opener).toHaveFocus();
});
