import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordingPlayer } from './recording-player';

const URL_77 = 'https://recordings.example.com/77.wav';

/**
 * jsdom has media elements but does not play them: play and pause here do what
 * a browser's do as far as the page can see (paused flips, the event fires).
 */
let play: jest.SpyInstance;
let pause: jest.SpyInstance;
beforeEach(() => {
  play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { configurable: true, value: false });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { configurable: true, value: true });
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => jest.restoreAllMocks());

const audio = () => document.querySelector('audio') as HTMLAudioElement;

/** The recording's length once its metadata is in (preload="none": after the first play). */
function loadMetadata(seconds: number) {
  Object.defineProperty(audio(), 'duration', { configurable: true, value: seconds });
  fireEvent(audio(), new Event('durationchange'));
}

test('play / pause, seek, 1× / 1.5× / 2×, and the Download Recording link beside them', async () => {
  const user = userEvent.setup();
  render(<RecordingPlayer url={URL_77} />);
  expect(audio()).toHaveAttribute('src', URL_77);
  expect(audio()).toHaveAttribute('preload', 'none');
  expect(screen.getByRole('link', { name: 'Download Recording' })).toHaveAttribute('href', URL_77);
  const seek = screen.getByRole('slider', { name: 'Seek' });
  expect(seek).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Play recording' }));
  expect(play).toHaveBeenCalledTimes(1);
  loadMetadata(90);
  expect(seek).toBeEnabled();
  expect(seek).toHaveAttribute('aria-valuetext', '0:00 of 1:30');

  fireEvent.change(seek, { target: { value: '45' } });
  expect(audio().currentTime).toBe(45);
  expect(seek).toHaveAttribute('aria-valuetext', '0:45 of 1:30');

  await user.click(screen.getByRole('button', { name: 'Pause recording' }));
  expect(pause).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Play recording' })).toBeInTheDocument();

  const speeds = within(screen.getByRole('group', { name: 'Playback speed' })).getAllByRole('button');
  expect(speeds.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
    ['1×', 'true'],
    ['1.5×', 'false'],
    ['2×', 'false'],
  ]);
  await user.click(screen.getByRole('button', { name: '1.5×' }));
  expect(audio().playbackRate).toBe(1.5);
  // Kept as the default too, so the next recording loaded into the element starts at that speed.
  expect(audio().defaultPlaybackRate).toBe(1.5);
  expect(screen.getByRole('button', { name: '1.5×' })).toHaveAttribute('aria-pressed', 'true');
  await user.click(screen.getByRole('button', { name: '2×' }));
  expect(audio().playbackRate).toBe(2);
});

test('P plays and pauses from anywhere on the page, but not while typing, with a modifier, or from inside a list', async () => {
  const user = userEvent.setup();
  render(
    <>
      <input aria-label="Notes" />
      <div role="listbox" tabIndex={0} aria-label="Dispositions" />
      <RecordingPlayer url={URL_77} />
    </>,
  );

  await user.keyboard('p');
  expect(play).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Pause recording' })).toBeInTheDocument();
  await user.keyboard('P');
  expect(pause).toHaveBeenCalledTimes(1);

  await user.click(screen.getByRole('textbox', { name: 'Notes' }));
  await user.keyboard('p');
  expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('p');
  screen.getByRole('listbox', { name: 'Dispositions' }).focus();
  await user.keyboard('p');
  (document.activeElement as HTMLElement).blur();
  await user.keyboard('{Control>}p{/Control}{Alt>}p{/Alt}{Meta>}p{/Meta}');
  expect(play).toHaveBeenCalledTimes(1);
});

test('while a dialog is open, P is for the player inside it only', async () => {
  const user = userEvent.setup();
  const { rerender } = render(
    <>
      <RecordingPlayer url={URL_77} />
      <div role="dialog" aria-modal="true" aria-label="Column Settings" />
    </>,
  );
  await user.keyboard('p');
  expect(play).not.toHaveBeenCalled();

  rerender(
    <div role="dialog" aria-modal="true" aria-label="Call Record Details">
      <RecordingPlayer url={URL_77} />
    </div>,
  );
  await user.keyboard('p');
  expect(play).toHaveBeenCalledTimes(1);
});

test('without a recording nothing is drawn', () => {
  const { container } = render(<RecordingPlayer url={null} />);
  expect(container).toBeEmptyDOMElement();
});
