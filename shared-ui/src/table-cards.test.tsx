import { render, screen, within } from '@testing-library/react';
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

// How the cards look and behave in a browser is e2e/tests/phone.test.ts's; here, what table.css draws them from.
describe('Table rows as cards', () => {
  const columns: TableColumn<Person>[] = [
    { key: 'name', label: 'Name', card: 'title' },
    { key: 'email', label: 'Email' },
    { key: 'paid', label: 'Paid', card: 'figure', cardLabel: 'Paid' },
  ];

  test('a table with card places marks its cells for the phone layout; names figures outside their text; stays a table', () => {
    render(<Table label="People" columns={columns} rows={people} rowKey={(p) => p.id} />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).toHaveClass('cb-table--cards');
    const [name, email, paid] = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(name).toHaveClass('cb-table__cell--card', 'cb-table__cell--card-title');
    expect(name).not.toHaveAttribute('data-card-label');
    // Left off the card: no place.
    expect(email!.className).not.toMatch(/card/);
    expect(paid).toHaveClass('cb-table__cell--card-figure');
    expect(paid).toHaveAttribute('data-card-label', 'Paid');
    expect(paid).toHaveTextContent(/^\$12\.00$/);
    expect(within(table).getByRole('columnheader', { name: 'Paid' })).toHaveClass('cb-table__cell--card-figure');
  });

  test('a table without card places is drawn as before', () => {
    render(<Table label="People" columns={columns.map(({ card: _card, ...column }) => column)} rows={people} rowKey={(p) => p.id} />);
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).not.toHaveClass('cb-table--cards');
    expect(table.querySelector('[class*="card"], [data-card-label]')).toBeNull();
  });
});
