/**
 * What the tab's live connection (live-events.ts) tells the screens, as atoms
 * of the tab's one store: apart from the connection itself so that reading
 * them costs a screen next to nothing.
 */
import type { CallsChanged } from '@callboard/contract';
import { atom } from 'jotai';

/** 'live' while the stream is open; 'polling' while it is down and screens poll on their timers instead. */
export type LiveStatus = 'live' | 'polling';

export const liveStatusAtom = atom<LiveStatus>('polling');

/** The latest change the stream announced; `seq` grows by one with each, so an equal change is still news. */
export interface CallsChangeNotice {
  seq: number;
  change: CallsChanged;
}

export const callsChangedAtom = atom<CallsChangeNotice | null>(null);
