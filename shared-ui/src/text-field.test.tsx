import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SelectField } from './select-field';
import { TextField } from './text-field';

describe('TextField', () => {
  test('labels its input; no error means valid and undescribed', () => {
    render(<TextField label="Email" name="email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  test('shows an error under the field, marks it invalid and describes the input with it', () => {
    render(<TextField label="Email" error="Email is invalid" hint="Work address" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Work address Email is invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Email is invalid');
  });

  test('a password field toggles between hidden and shown text', async () => {
    render(<TextField label="Password" type="password" defaultValue="secret1" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  test('typing reaches onChange', async () => {
    const onChange = jest.fn();
    render(<TextField label="Search" hideLabel placeholder="Search CID..." type="search" onChange={(e) => onChange(e.target.value)} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '555');
    expect(onChange).toHaveBeenLastCalledWith('555');
  });
});

describe('SelectField', () => {
  test('a labelled select with options and an error', async () => {
    const onChange = jest.fn();
    render(
      <SelectField
        label="Role"
        value="user"
        onChange={(e) => onChange(e.target.value)}
        options={[
          { value: 'user', label: 'User' },
          { value: 'admin', label: 'Admin' },
        ]}
        error="Role is required"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Role is required');
    await userEvent.selectOptions(select, 'admin');
    expect(onChange).toHaveBeenCalledWith('admin');
  });
});
