import { SearchIcon } from '@callboard/shared-ui/icons';
import { useEffect, useState, type FormEvent } from 'react';

/** What the box searches: the caller id (`search`) or the words of the calls (`q`). */
export type SearchMode = 'callerId' | 'transcript';

const MODES: Record<SearchMode, { label: string; placeholder: string; inputLabel: string }> = {
  callerId: { label: 'Caller ID', placeholder: 'Search CID...', inputLabel: 'Search CID' },
  transcript: { label: 'Transcript', placeholder: 'Words, "a phrase", -not...', inputLabel: 'Search transcripts' },
};

/** The two searches the box writes; one of them is always empty. */
export interface SearchTerms {
  search: string;
  q: string;
}

export interface SearchBoxProps {
  /** The caller-id search in force (the filters' search). */
  search: string;
  /** The transcript search in force (the filters' q). */
  q: string;
  /** Called with the trimmed text under the chosen mode (the other search emptied) on Enter or the search button. */
  onSearch: (terms: SearchTerms) => void;
  /** The searches offered, at least one (a partner may have neither: searchModesFor); both by default. */
  modes?: readonly SearchMode[];
}

const ALL_MODES = Object.keys(MODES) as SearchMode[];

/**
 * The searches a person is offered: the caller id only where it is given whole (a partner's masked caller
 * ids cannot be searched), the transcripts only where they are given (contract/src/partners.ts).
 */
export function searchModesFor(access: { partner: { callerId: string } | null; seesField: (key: string) => boolean }): SearchMode[] {
  return ALL_MODES.filter((mode) =>
    mode === 'transcript' ? access.seesField('transcript') : access.partner === null || access.partner.callerId === 'full',
  );
}

const modeOf = (q: string, modes: readonly SearchMode[]): SearchMode => (q !== '' && modes.includes('transcript') ? 'transcript' : (modes[0] ?? 'callerId'));

/**
 * The records search: typing changes nothing until Enter or the search
 * button, which apply the trimmed text (the page goes back to 1). The mode
 * switch says what the text searches; the address keeps it as the param it
 * writes (`search` or `q`), so a link opens in the same mode. Switching while
 * a search is in force applies the text to the other mode at once. The box
 * follows the searches in force when they change elsewhere (Reset filters,
 * Back).
 */
export function SearchBox({ search, q, onSearch, modes = ALL_MODES }: SearchBoxProps) {
  const [mode, setMode] = useState<SearchMode>(modeOf(q, modes));
  const [text, setText] = useState(q || search);
  useEffect(() => {
    if (q !== '' || search !== '') setMode(modeOf(q, modes));
    setText(q || search);
  }, [q, search, modes]);

  const apply = (as: SearchMode, value: string) => onSearch(as === 'transcript' ? { search: '', q: value } : { search: value, q: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(mode, text.trim());
  };

  const changeMode = (next: SearchMode) => {
    setMode(next);
    if (search !== '' || q !== '') apply(next, text.trim());
  };

  const { placeholder, inputLabel } = MODES[mode];
  return (
    <form className="records__search" role="search" onSubmit={submit}>
      {modes.length > 1 ? (
        <select className="records__search-mode" aria-label="Search by" value={mode} onChange={(event) => changeMode(event.target.value as SearchMode)}>
          {modes.map((key) => (
            <option key={key} value={key}>
              {MODES[key].label}
            </option>
          ))}
        </select>
      ) : null}
      <input
        type="search"
        className="records__search-input"
        placeholder={placeholder}
        aria-label={inputLabel}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="records__search-button" aria-label="Search" title="Search">
        <SearchIcon size={14} />
      </button>
    </form>
  );
}
