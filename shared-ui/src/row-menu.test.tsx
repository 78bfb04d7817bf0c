import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RowMenu } from './row-menu';
import { Table, type TableColumn } from './table';

interface Person {
  id: string;
  name: string;
  paid: string;
  email: string;
}

const people: Person[] = [
  { id: '1', name: 'Ana', paid: '$12.00', email: 'ana@example.com' },
  { id: '2', name: 'Bo', paid: '$3.50', email: 'bo@example.com' },
];

describe('RowMenu', () => {
  test("names its row; runs an item and closes; a disabled item says why and does nothing", async () => {
    const onEdit = jest.fn();
    const onDelete = jest.fn();
    render(
      <RowMenu
        name="Ana"
        items={[
          { key: 'edit', label: 'Edit', onSelect: onEdit },
          { key: 'delete', label: 'Delete', onSelect: onDelete, disabled: true, reason: 'Only admins can delete users' },
        ]}
      />,
    );
    const trigger = screen.getByRole('button', { name: 'Actions for Ana' });
    await userEvent.click(trigger);
    const menu = screen.getByRole('menu', { name: 'Actions for Ana' });
    const remove = within(menu).getByRole('menuitem', { name: /^Delete/ });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveTextContent('Only admins can delete users');
    await userEvent.click(remove);
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  test('in a row of a clickable table, opening the menu and choosing from it does not open the row', async () => {
    const onRowClick = jest.fn();
    const onEdit = jest.fn();
    const columns: TableColumn<Person>[] = [
      { key: 'name', label: 'Name', card: 'title' },
      { key: 'actions', label: 'Actions', card: 'menu', render: (p) => <RowMenu name={p.name} items={[{ key: 'edit', label: 'Edit', onSelect: () => onEdit(p.id) }]} /> },
    ];
    render(<Table label="People" columns={columns} rows={people} rowKey={(p) => p.id} onRowClick={onRowClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Bo' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith('2');
    expect(onRowClick).not.toHaveBeenCalled();
  });
});
