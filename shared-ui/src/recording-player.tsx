import { useScreenShortcuts, type ShortcutMap } from '@callboard/shared-ui/ui-atoms';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { formatDuration } from './format';
import { DownloadIcon, PauseIcon, PlayIcon } from './icons';
import { useSteadyRecordingLink } from './use-steady-recording-link';
import './recording-player.css';

/** The speeds a reviewer listens at. */
export const PLAYBACK_RATES = [1, 1.5, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

/**
 * Plays or pauses the open call's recording from anywhere on the screen. Not
 * one of Call Logs' review keys (j, k, x, d, Enter, Escape:
 * remote-calllogs/src/features/review-keys/hooks/use-review-keys.ts), nor a
 * first letter its disposition list searches by while it has the focus.
 */
export const PLAY_PAUSE_KEY = 'p';
export const PLAY_PAUSE_DESCRIPTION = 'Play or pause the call’s recording';

/** The player's key as the `?` overlay lists it, while a player is on the screen. */
const PLAYER_SHORTCUTS: ShortcutMap = { [PLAY_PAUSE_KEY]: { description: PLAY_PAUSE_DESCRIPTION } };

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
/** Lists that take letters for themselves (typeahead). */
const OWN_LETTERS = '[role="listbox"], [role="menu"], [role="combobox"]';

/**
 * Whether a key press is the play / pause shortcut for the player in `container`:
 * not typed into a field or a list, without a modifier, and, while a dialog is
 * open, only for the player inside it.
 */
export function isPlayPauseKey(event: KeyboardEvent, container: Element | null): boolean {
  if (event.key.toLowerCase() !== PLAY_PAUSE_KEY || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(TYPING) || target?.closest(OWN_LETTERS)) return false;
  const dialogs = document.querySelectorAll('[aria-modal="true"]');
  const top = dialogs[dialogs.length - 1];
  return container !== null && (top === undefined || top.contains(container));
}

const clock = (seconds: number) => (Number.isFinite(seconds) ? formatDuration(Math.floor(seconds)) : '0:00');

export interface RecordingPlayerProps {
  /** The call's recording link; nothing is drawn without one. */
  url: string | null;
}

/**
 * A call's recording: play / pause (also the P key), a seek bar, 1× / 1.5× / 2×,
 * the time, and the Download Recording link beside them. The one player of
 * Reporting's call dialog and Call Logs' panel. The link stays steady while the
 * API re-signs it (use-steady-recording-link.ts), so a refetch does not restart
 * what is playing.
 */
export function RecordingPlayer({ url }: RecordingPlayerProps) {
  const src = useSteadyRecordingLink(url);
  return src ? <Player src={src} /> : null;
}

function Player({ src }: { src: string }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(Number.NaN);
  const [rate, setRate] = useState<PlaybackRate>(1);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) {
      // A refused play (no codec, a failed fetch) leaves the button on Play; the element says why to the console.
      void Promise.resolve(audio.play()).catch(() => undefined);
    } else {
      audio.pause();
    }
  };
  const latestToggle = useRef(toggle);
  latestToggle.current = toggle;
  useScreenShortcuts(PLAYER_SHORTCUTS);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPlayPauseKey(event, boxRef.current)) return;
      event.preventDefault();
      latestToggle.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // The default rate too: loading another recording resets the rate to it, and the reader's speed should stay.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.defaultPlaybackRate = rate;
    audio.playbackRate = rate;
  }, [rate, src]);

  const seek = (event: ChangeEvent<HTMLInputElement>) => {
    const audio = audioRef.current;
    if (audio) audio.currentTime = Number(event.target.value);
    setTime(Number(event.target.value));
  };
  const known = Number.isFinite(duration) && duration > 0;

  return (
    <div className="cb-player" ref={boxRef}>
      {/* preload="none": opening a call must not start pulling its audio until asked. */}
      <audio
        ref={audioRef}
        src={src}
        preload="none"
        aria-label="Call recording"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        onEmptied={() => {
          setPlaying(false);
          setTime(0);
          setDuration(Number.NaN);
        }}
      >
        Your browser cannot play this recording.
      </audio>
      <div className="cb-player__controls">
        <button
          type="button"
          className="cb-player__toggle"
          aria-label={playing ? 'Pause recording' : 'Play recording'}
          aria-keyshortcuts={PLAY_PAUSE_KEY}
          title={`${playing ? 'Pause' : 'Play'} (${PLAY_PAUSE_KEY.toUpperCase()})`}
          onClick={toggle}
        >
          {playing ? <PauseIcon size={14} /> : <PlayIcon size={14} />}
        </button>
        <input
          type="range"
          className="cb-player__seek"
          aria-label="Seek"
          min={0}
          max={known ? duration : 0}
          step="any"
          value={known ? Math.min(time, duration) : 0}
          aria-valuetext={`${clock(time)} of ${known ? clock(duration) : 'unknown length'}`}
          disabled={!known}
          onChange={seek}
        />
        <span className="cb-player__time cb-num" aria-hidden="true">
          {clock(time)} / {known ? clock(duration) : '–:––'}
        </span>
        <div className="cb-player__rates" role="group" aria-label="Playback speed">
          {PLAYBACK_RATES.map((r) => (
            <button key={r} type="button" className="cb-player__rate" aria-pressed={rate === r} onClick={() => setRate(r)}>
              {r}×
            </button>
          ))}
        </div>
      </div>
      <a className="cb-player__download" href={src} target="_blank" rel="noopener noreferrer" download>
        <DownloadIcon size={14} />
        Download Recording
      </a>
    </div>
  );
}
