import { act, render, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai/vanilla';
import { AppProviders } from '@callboard/shared-auth/app-providers';
import { liveStatusAtom } from '@callboard/shared-auth/live-status';
import { clearSession, restoreSession, saveSession } from '@callboard/shared-auth/session';
import { fakeEventStream, type FakeEventStream } from '@callboard/shared-auth/testing/event-stream-mock';
import { installFetchMock, makeUser, TEST_TOKEN } from '@callboard/shared-auth/testing/fetch-mock';
import { useLiveStatus } from '@callboard/shared-auth/use-live-events';

function Status() {
  return <p>{useLiveStatus()}</p>;
}

test('the host keeps one live connection while someone is signed in, and closes it at sign-out', async () => {
  localStorage.clear();
  const store = createStore();
  restoreSession(store);
  const streams: FakeEventStream[] = [];
  const fetch = installFetchMock(async (url, init) => {
    const stream = fakeEventStream(init?.signal);
    streams.push(stream);
    return stream.response;
  });

  // The profile sync's own request at sign-in is another test's subject (use-profile-sync.test.tsx).
  render(
    <AppProviders store={store} profileSync={false}>
      <Status />
    </AppProviders>,
  );
  // Nobody signed in: no connection.
  await new Promise((r) => setTimeout(r, 50));
  expect(fetch).not.toHaveBeenCalled();
  expect(screen.getByText('polling')).toBeInTheDocument();

  act(() => saveSession(store, { token: TEST_TOKEN, user: makeUser() }));
  await screen.findByText('live');
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(fetch.mock.calls[0]![0]).toBe('/api/events');

  act(() => clearSession(store));
  await screen.findByText('polling');
  await waitFor(() => expect(streams[0]!.cancelled).toBe(true));
  expect(store.get(liveStatusAtom)).toBe('polling');
  expect(fetch).toHaveBeenCalledTimes(1);
});
