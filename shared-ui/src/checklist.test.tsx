import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Checklist } from './checklist';

const OPTIONS = [
  { value: '1', label: 'Solar Leads', count: 1234 },
  { value: '2', label: 'Medicare', count: 7 },
  { value: '3', label: 'Auto Insurance', count: 0 },
];

function Harness({ initial = [] as string[], options = OPTIONS }) {
  const [selected, setSelected] = useState<string[]>(initial);
  return (
    <>
      <Checklist label="Campaigns" options={options} selected={selected} onChange={setSelected} maxHeight={360} showSelectAll />
      <output>{selected.join(',')}</output>
    </>
  );
}

describe('Checklist', () => {
  test('shows each option with its count, in a group named by its label', () => {
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Campaigns' });
    const items = within(group).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Solar Leads1,234', 'Medicare7', 'Auto Insurance0']);
    expect(within(group).getByRole('list')).toHaveStyle({ maxHeight: '360px' });
  });

  test('checking and unchecking changes the selection', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('checkbox', { name: /Medicare/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Solar Leads/ }));
    expect(screen.getByRole('status')).toHaveTextContent('2,1');
    await userEvent.click(screen.getByRole('checkbox', { name: /Medicare/ }));
    expect(screen.getByRole('status')).toHaveTextContent(/^1$/);
  });

  test('select all and none act on the listed options and keep values chosen before', async () => {
    render(<Harness initial={['99']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByRole('status')).toHaveTextContent('99,1,2,3');
    expect(screen.getByText('4 selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select all' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Select none' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^99$/);
  });

  test('an empty list says so', () => {
    render(<Harness options={[]} />);
    expect(screen.getByText('No items found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select all' })).not.toBeInTheDocument();
  });
});
