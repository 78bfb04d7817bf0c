import { REPORT_RECIPIENTS_MAX } from '@callboard/contract/report-schedules';
import { Checklist } from '@callboard/shared-ui/checklist';
import { SearchIcon } from '@callboard/shared-ui/icons';
import { TextField } from '@callboard/shared-ui/text-field';
import { useDebouncedValue } from '@callboard/shared-ui/use-debounced-value';
import { useId, useMemo, useState } from 'react';
import { RemovableChips } from '../../../lib/removable-chips';
import { usePeople } from '../api/report-schedules-api';
import type { RecipientChoice } from '../schedule-form';

const SEARCH_DEBOUNCE_MS = 300;

interface RecipientsFieldProps {
  recipients: RecipientChoice[];
  onChange: (recipients: RecipientChoice[]) => void;
  error?: string;
  /** The id the form focuses on a problem: the search box. */
  id: string;
}

/**
 * Who gets the report: people of the app (partner accounts too, who get their own scope), found by name, email or
 * role and ticked; the chosen ones listed, each with a button to take them off. Deactivated accounts are not
 * offered (the server refuses them).
 */
export function RecipientsField({ recipients, onChange, error, id }: RecipientsFieldProps) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const people = usePeople(useDebouncedValue(search, SEARCH_DEBOUNCE_MS));
  const found = useMemo(() => (people.data?.data ?? []).filter((person) => person.active), [people.data]);
  const options = found.map((person) => ({ value: person.id, label: person.name ? `${person.name} · ${person.email}` : person.email, count: 0 }));

  const choose = (ids: string[]) => {
    const kept = recipients.filter((recipient) => ids.includes(recipient.id));
    const added = found.filter((person) => ids.includes(person.id) && !kept.some((r) => r.id === person.id)).map(({ id: personId, name, email }) => ({ id: personId, name, email }));
    onChange([...kept, ...added]);
  };

  return (
    <div className={['cb-field', error && 'cb-field--invalid'].filter(Boolean).join(' ')} role="group" aria-labelledby={headingId}>
      <span id={headingId} className="cb-field__label">
        Recipients
      </span>
      {recipients.length > 0 ? (
        <RemovableChips
          label="Chosen recipients"
          chips={recipients.map((recipient) => ({
            key: recipient.id,
            text: recipient.name || recipient.email,
            title: recipient.email,
            removeLabel: `Remove ${recipient.name || recipient.email}`,
            onRemove: () => onChange(recipients.filter((r) => r.id !== recipient.id)),
          }))}
        />
      ) : (
        <p className="cb-field__hint">Nobody yet: find people below.</p>
      )}
      <TextField
        id={id}
        label="Find people"
        hideLabel
        size="sm"
        type="search"
        leadingIcon={<SearchIcon size={14} />}
        placeholder="Find people by name, email or role"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <Checklist
        label="People"
        options={options}
        selected={recipients.map((recipient) => recipient.id)}
        onChange={choose}
        showCounts={false}
        loading={people.isLoading}
        maxHeight={160}
        emptyText={people.error ? 'Failed to load people' : 'Nobody found'}
      />
      <p className="cb-field__hint">Up to {REPORT_RECIPIENTS_MAX} people. A partner account gets only its own calls and columns.</p>
      {error ? (
        <p className="cb-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
