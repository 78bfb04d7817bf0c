import { SearchIcon } from '@callboard/shared-ui/icons';
import { useEffect, useState, type FormEvent } from 'react';

export interface SearchBoxProps {
  /** The search in force (the filters' search). */
  value: string;
  /** Called with the trimmed text on Enter or the search button. */
  onSearch: (text: string) => void;
}

/**
 * The records search: typing changes nothing until Enter or the
 * search button, which apply the trimmed text (the page goes back to 1).
 * The box follows the search in force when it changes elsewhere (Reset filters).
 */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <form className="records__search" role="search" onSubmit={submit}>
      <input
        type="search"
        className="records__search-input"
        placeholder="Search CID..."
        aria-label="Search CID"
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
