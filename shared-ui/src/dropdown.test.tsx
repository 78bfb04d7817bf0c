import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dropdown } from './dropdown';
import { Modal } from './modal';

const items = (onLogout = jest.fn()) => [
  { key: 'email', label: 'ana@example.com', disabled: true },
  { key: 'logout', label: 'Logout', onSelect: onLogout, separatorBefore: true },
];

describe('Dropdown', () => {
  test('opens a menu from its button; a disabled item does nothing; an item runs and closes', async () => {
    const onLogout = jest.fn();
    render(<Dropdown label="Ana" items={items(onLogout)} />);
    const trigger = screen.getByRole('button', { name: 'Ana' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'Ana' });
    expect(menu).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await userEvent.click(screen.getByRole('menuitem', { name: 'ana@example.com' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  test('a click outside closes it; a click inside does not', async () => {
    render(
      <>
        <p>Elsewhere</p>
        <Dropdown label="Dispositions">
          <label>
            <input type="checkbox" /> Sales
          </label>
        </Dropdown>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dispositions' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sales' }));
    expect(screen.getByRole('dialog', { name: 'Dispositions' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('dialog', { name: 'Dispositions' })).not.toBeInTheDocument();
  });

  test('Escape closes it and returns focus to the trigger, without closing a surrounding dialog', async () => {
    const onCloseModal = jest.fn();
    render(
      <Modal open onClose={onCloseModal} title="Columns">
        <Dropdown label="Export" items={[{ key: 'csv', label: 'CSV' }, { key: 'xlsx', label: 'XLSX' }]} />
      </Modal>,
    );
    const trigger = screen.getByRole('button', { name: 'Export' });
    await userEvent.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(onCloseModal).not.toHaveBeenCalled();
  });

  test('arrow keys move through enabled items, wrapping around', async () => {
    const onCsv = jest.fn();
    render(
      <Dropdown
        label="Export"
        items={[
          { key: 'csv', label: 'CSV', onSelect: onCsv },
          { key: 'pdf', label: 'PDF', disabled: true },
          { key: 'xlsx', label: 'XLSX' },
        ]}
      />,
    );
    screen.getByRole('button', { name: 'Export' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'CSV' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'XLSX' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'CSV' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onCsv).toHaveBeenCalledTimes(1);
  });

  test('free content receives a close function', async () => {
    render(<Dropdown label="Columns">{(close) => <button type="button" onClick={close}>Apply</button>}</Dropdown>);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });
});
