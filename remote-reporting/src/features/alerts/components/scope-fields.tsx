import { ALERT_SOURCE_PARAMS } from '@callboard/contract/alerts';
import { useSession } from '@callboard/shared-auth/use-session';
import { Checklist } from '@callboard/shared-ui/checklist';
import { SearchIcon } from '@callboard/shared-ui/icons';
import { SelectField } from '@callboard/shared-ui/select-field';
import { TextField } from '@callboard/shared-ui/text-field';
import { useDebouncedValue } from '@callboard/shared-ui/use-debounced-value';
import { useId, useMemo, useState } from 'react';
import { RemovableChips } from '../../../lib/removable-chips';
import { useSavedViews, useSourceNames, useSourceOptions } from '../api/rule-choices';
import type { RuleFormValues, ScopeKind, SourceParam } from '../rule-form';

const SCOPE_CHOICES: readonly { kind: ScopeKind; label: string }[] = [
  { kind: 'network', label: 'The whole network' },
  { kind: 'sources', label: 'Chosen campaigns, publishers, targets or buyers' },
  { kind: 'view', label: 'A saved view' },
];

const SOURCE_NOUNS: Record<SourceParam, { one: string; many: string }> = {
  campaign: { one: 'Campaign', many: 'Campaigns' },
  publisher: { one: 'Publisher', many: 'Publishers' },
  target: { one: 'Target', many: 'Targets' },
  buyer: { one: 'Buyer', many: 'Buyers' },
};

/** The pickers wait this long after the last key before asking (as the shell's pickers do). */
const SEARCH_DEBOUNCE_MS = 300;

interface ScopeFieldsProps {
  values: RuleFormValues;
  onChange: (change: Partial<RuleFormValues>) => void;
  /** The problem with the scope (its kind or its lists), and with the chosen view. */
  scopeError?: string;
  viewError?: string;
  /** Ids for the controls the form focuses on a problem. */
  scopeId: string;
  viewId: string;
}

/**
 * What a rule watches: the whole network, some sources (any of the four, a call must match every list given),
 * or a saved view, whose filters the rule copies when it is saved.
 */
export function ScopeFields({ values, onChange, scopeError, viewError, scopeId, viewId }: ScopeFieldsProps) {
  const name = useId();
  return (
    <fieldset className="alert-form__group" aria-describedby={scopeError ? `${scopeId}-error` : undefined}>
      <legend className="alert-form__legend" id={`${scopeId}-legend`}>
        Scope
      </legend>
      {/* Focused when the scope has a problem: it is announced as the scope's choices. */}
      <div className="alert-form__choices" role="radiogroup" aria-labelledby={`${scopeId}-legend`} id={scopeId} tabIndex={-1}>
        {SCOPE_CHOICES.map((choice) => (
          <label key={choice.kind} className="alert-form__choice">
            <input type="radio" name={name} value={choice.kind} checked={values.scopeKind === choice.kind} onChange={() => onChange({ scopeKind: choice.kind })} />
            {choice.label}
          </label>
        ))}
      </div>
      {values.scopeKind === 'sources' ? <SourcePicker values={values} onChange={onChange} /> : null}
      {values.scopeKind === 'view' ? <ViewPicker viewId={values.viewId} onChange={(id) => onChange({ viewId: id })} error={viewError} id={viewId} /> : null}
      {scopeError ? (
        <p id={`${scopeId}-error`} className="cb-field__error" role="alert">
          {scopeError}
        </p>
      ) : null}
    </fieldset>
  );
}

function SourcePicker({ values, onChange }: Pick<ScopeFieldsProps, 'values' | 'onChange'>) {
  const [param, setParam] = useState<SourceParam>('publisher');
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const { options, isLoading, error } = useSourceOptions(param, settled);
  // The chosen sources' names, whatever the search shows (a rule opened for editing knows its ids only).
  const names = useSourceNames(values.sources);
  const noun = SOURCE_NOUNS[param];
  const chosen = ALERT_SOURCE_PARAMS.flatMap((p) => values.sources[p].map((id) => ({ param: p, id, label: names[p]?.get(id) ?? `#${id}` })));
  const choose = (p: SourceParam, ids: string[]) => onChange({ sources: { ...values.sources, [p]: ids } });
  const paramOptions = useMemo(() => ALERT_SOURCE_PARAMS.map((p) => ({ value: p, label: SOURCE_NOUNS[p].many })), []);

  return (
    <div className="alert-form__sources">
      <div className="alert-form__row">
        <SelectField
          label="Choose from"
          size="sm"
          options={paramOptions}
          value={param}
          onChange={(event) => {
            setParam(event.target.value as SourceParam);
            setSearch('');
          }}
        />
        <TextField
          label={`Search ${noun.many.toLowerCase()}`}
          size="sm"
          type="search"
          leadingIcon={<SearchIcon size={14} />}
          placeholder={`Search ${noun.many.toLowerCase()}`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="cb-grow"
        />
      </div>
      <Checklist
        label={noun.many}
        options={options}
        selected={values.sources[param]}
        onChange={(ids) => choose(param, ids)}
        loading={isLoading}
        maxHeight={180}
        emptyText={error ? `Failed to load ${noun.many.toLowerCase()}` : `No ${noun.many.toLowerCase()} found`}
      />
      <p className="cb-field__hint">Beside each: its calls in the last 30 days.</p>
      {chosen.length > 0 ? (
        <RemovableChips
          label="Chosen sources"
          chips={chosen.map((source) => ({
            key: `${source.param}:${source.id}`,
            text: `${SOURCE_NOUNS[source.param].one}: ${source.label}`,
            removeLabel: `Remove ${SOURCE_NOUNS[source.param].one} ${source.label}`,
            onRemove: () => choose(source.param, values.sources[source.param].filter((id) => id !== source.id)),
          }))}
        />
      ) : null}
    </div>
  );
}

const AREA_NAMES = { reporting: 'Reporting', callLogs: 'Call Logs' } as const;

function ViewPicker({ viewId, onChange, error, id }: { viewId: string; onChange: (id: string) => void; error?: string; id: string }) {
  const views = useSavedViews(true);
  const { user } = useSession();
  const options = (views.data?.data ?? []).map((view) => ({ value: view.id, label: `${view.name} (${AREA_NAMES[view.area]}${view.ownerId === user?.id ? '' : `, by ${view.ownerName}`})` }));
  if (viewId !== '' && !options.some((option) => option.value === viewId)) options.push({ value: viewId, label: 'The view this rule copied' });
  return (
    <SelectField
      id={id}
      label="Saved view"
      placeholder={views.isLoading ? 'Loading views…' : 'Select a saved view'}
      options={options}
      value={viewId}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={views.error ? 'Failed to load your views' : 'Its filters are copied when the rule is saved; its dates give way to the window. Save the rule again to take a later change of the view.'}
    />
  );
}
