import { renderHook } from '@testing-library/react';
import { useSteadyRecordingLink } from './use-steady-recording-link';

const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
const link = (file: string, expires: number, signature = 'sig') => `/recordings/${file}?expires=${expires}&signature=${signature}`;

function render(first: string | null) {
  return renderHook(({ url }: { url: string | null }) => useSteadyRecordingLink(url), { initialProps: { url: first } });
}

test('a new signature for the same recording is not handed on while the kept link still works', () => {
  const first = link('demo-1.wav', inSeconds(900), 'a');
  const { result, rerender } = render(first);
  rerender({ url: link('demo-1.wav', inSeconds(1200), 'b') });
  expect(result.current).toBe(first);
  rerender({ url: link('demo-1.wav', inSeconds(1500), 'c') });
  expect(result.current).toBe(first);
});

test('another recording, or none, replaces it at once', () => {
  const { result, rerender } = render(link('demo-1.wav', inSeconds(900)));
  const other = link('demo-2.wav', inSeconds(900));
  rerender({ url: other });
  expect(result.current).toBe(other);
  rerender({ url: null });
  expect(result.current).toBeNull();
  const again = link('demo-2.wav', inSeconds(1200));
  rerender({ url: again });
  expect(result.current).toBe(again);
});

test('an expired link is replaced by the fresh one', () => {
  const { result, rerender } = render(link('demo-1.wav', inSeconds(-1), 'old'));
  const fresh = link('demo-1.wav', inSeconds(900), 'new');
  rerender({ url: fresh });
  expect(result.current).toBe(fresh);
  rerender({ url: link('demo-1.wav', inSeconds(1200), 'newer') });
  expect(result.current).toBe(fresh);
});

test('a link without an expiry (another host) is used as given', () => {
  const { result, rerender } = render('https://recordings.example.com/r1.wav');
  rerender({ url: 'https://recordings.example.com/r2.wav' });
  expect(result.current).toBe('https://recordings.example.com/r2.wav');
});
