import { MemoryRouter, Link, Route, Routes } from '@callboard/shared-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouteErrorBoundary } from './route-error';

function Broken(): never {
  throw new Error('the table exploded');
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

test('a screen of the shell that throws shows the router error screen, and moving on clears it', async () => {
  render(
    <MemoryRouter initialEntries={['/broken']}>
      <Link to="/fine">elsewhere</Link>
      <RouteErrorBoundary>
        <Routes>
          <Route path="/broken" element={<Broken />} />
          <Route path="/fine" element={<h1>Fine</h1>} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  expect(screen.getByText('the table exploded')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
  expect(screen.getByRole('heading', { name: 'Fine' })).toBeInTheDocument();
  expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
});
