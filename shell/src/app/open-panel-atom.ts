import type { FilterDimension } from '@callboard/contract';
import { atom } from 'jotai';

/**
 * Which of the top bar's overlays is open: one picker dialog or the filters
 * panel. One atom, so opening one closes the other. Shell-local: remotes
 * never open these.
 */
export type PickerKind = FilterDimension;
export type OpenPanel = PickerKind | 'filters' | null;

export const openPanelAtom = atom<OpenPanel>(null);
