import { useEffect, useState } from 'react';

/**
 * `value`, once it has stopped changing for `delayMs`. Typing "abc" into a
 * search box then asks the server once, for "abc", instead of three times
 * (the search boxes and pickers wait 300 ms).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
