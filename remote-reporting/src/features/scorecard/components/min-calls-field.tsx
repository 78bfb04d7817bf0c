import { useEffect, useId, useState } from 'react';
import { SCORECARD_MAX_MIN_CALLS } from '@callboard/contract/scorecard';
import { useDebouncedValue } from '@callboard/shared-ui/use-debounced-value';
import { parseMinCalls } from '../hooks/scorecard-prefs';

/**
 * "Flag shares from [20] calls": the minimum a source needs before its shares
 * are flagged. A valid number is taken once typing pauses (one request for
 * "25", not one for "2" and one for "25"); leaving the box with anything else
 * puts the number in use back.
 */
export function MinCallsField({ value, onChange }: { value: number; onChange: (minCalls: number) => void }) {
  const before = useId();
  const after = useId();
  const [draft, setDraft] = useState(String(value));
  const settled = useDebouncedValue(draft, 400);

  useEffect(() => setDraft(String(value)), [value]);
  useEffect(() => {
    const parsed = parseMinCalls(settled);
    if (parsed !== undefined && parsed !== value) onChange(parsed);
    // Only a settled draft is a choice; `value` changing alone (another tab) is shown by the effect above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <span className="scorecard__min-calls">
      <span id={before}>Flag shares from</span>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={SCORECARD_MAX_MIN_CALLS}
        step={1}
        className="cb-input scorecard__min-calls-input"
        aria-labelledby={`${before} ${after}`}
        aria-invalid={parseMinCalls(draft) === undefined || undefined}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          if (parseMinCalls(draft) === undefined) setDraft(String(value));
        }}
      />
      <span id={after}>calls</span>
    </span>
  );
}
