import { type ApiSuccess } from '@callboard/contract';
import {
  MAX_LIVE_PARTNER_KEYS,
  PARTNER_KEY_HEADER,
  PARTNER_KEY_READS,
  PARTNER_KEYS_PATH,
  parsePartnerKeyName,
  partnerKeyPath,
  type CreatedPartnerKey,
  type PartnerKey,
} from '@callboard/contract/partner-keys';
import { isApiError } from '@callboard/shared-auth/api-error';
import { useApiFetch, useSession } from '@callboard/shared-auth/use-session';
import { Alert } from '@callboard/shared-ui/alert';
import { Button } from '@callboard/shared-ui/button';
import { copyText } from '@callboard/shared-ui/copy-text';
import { formatDateTime } from '@callboard/shared-ui/format';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Modal } from '@callboard/shared-ui/modal';
import { TextField } from '@callboard/shared-ui/text-field';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import useSWR from 'swr';
import './api-access-dialog.css';

export interface ApiAccessDialogProps {
  onClose: () => void;
}

export const API_ACCESS_TEXT = {
  title: 'API access',
  subtitle: 'Read-only keys for your own integrations: they read exactly what you see here.',
  shownOnce: 'Copy this key now: it is not shown again.',
  atCap: `You have ${MAX_LIVE_PARTNER_KEYS} keys, the most you may hold: revoke one you no longer use to make another.`,
  viewAs: 'Viewing as this partner: its keys are listed, but only the partner can make or revoke them.',
  none: 'No keys yet.',
  revoked: 'Key revoked',
  copied: 'Key copied',
  copyFailed: 'Could not copy: select the key and copy it by hand',
} as const;

/** The server's words for a refusal; its message under the name field when it names that field. */
function failureOf(error: unknown): { name?: string; message?: string } {
  const nameError = isApiError(error) ? error.errors?.find((item) => item?.field === 'name')?.message : undefined;
  if (nameError) return { name: nameError };
  return { message: error instanceof Error && error.message ? error.message : 'Something went wrong; try again' };
}

/**
 * A partner's own read-only API keys (contract/src/partner-keys.ts): the live ones listed with their last use
 * (never the key), a new one made and shown once with how to call with it, and any revoked at once. Loaded on
 * its own chunk when first opened (user-menu.tsx), so no entry grows for the few accounts that use it.
 */
export default function ApiAccessDialog({ onClose }: ApiAccessDialogProps) {
  const apiFetch = useApiFetch();
  const { user } = useSession();
  const readOnly = Boolean(user?.viewAsBy);
  const keys = useSWR(PARTNER_KEYS_PATH, (path: string) => apiFetch<ApiSuccess<PartnerKey[]>>(path));
  const live = keys.data?.data ?? [];
  // SWR types a failure as `any`; it is whatever the fetcher threw.
  const loadError: unknown = keys.error;
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedPartnerKey | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const formId = useId();

  async function create(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const parsed = parsePartnerKeyName(name);
    if (typeof parsed !== 'string') {
      setNameError(parsed.message);
      return;
    }
    setBusy('create');
    try {
      const answer = await apiFetch<ApiSuccess<CreatedPartnerKey>>(PARTNER_KEYS_PATH, { method: 'POST', body: { name: parsed } });
      setCreated(answer.data);
      setName('');
      await keys.mutate();
    } catch (error) {
      const { name: fieldMessage, message } = failureOf(error);
      setNameError(fieldMessage);
      setFailure(message);
    } finally {
      setBusy(null);
    }
  }

  async function revoke(key: PartnerKey) {
    setFailure(undefined);
    setBusy(key.id);
    try {
      await apiFetch(partnerKeyPath(key.id), { method: 'DELETE' });
      if (created?.id === key.id) setCreated(null);
      toast.success(API_ACCESS_TEXT.revoked);
      await keys.mutate();
    } catch (error) {
      setFailure(failureOf(error).message);
    } finally {
      setBusy(null);
    }
  }

  async function copy(key: string) {
    if (await copyText(key)) toast.success(API_ACCESS_TEXT.copied);
    else toast.error(API_ACCESS_TEXT.copyFailed);
  }

  const atCap = live.length >= MAX_LIVE_PARTNER_KEYS;
  const example = `curl -H "${PARTNER_KEY_HEADER}: ${created?.key ?? 'cbp_…'}" "${window.location.origin}${PARTNER_KEY_READS[0]}?datePreset=today"`;

  return (
    <Modal open title={API_ACCESS_TEXT.title} subtitle={API_ACCESS_TEXT.subtitle} size="lg" onClose={() => busy === null && onClose()}>
      <div className="api-access">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        {readOnly ? <Alert tone="info">{API_ACCESS_TEXT.viewAs}</Alert> : null}

        {created ? (
          <section className="api-access__created" aria-label="New key">
            <Alert tone="success">{API_ACCESS_TEXT.shownOnce}</Alert>
            <div className="api-access__key-row">
              <TextField label={`Key “${created.name}”`} value={created.key} readOnly onFocus={(event) => event.currentTarget.select()} />
              <Button variant="secondary" onClick={() => void copy(created.key)}>
                Copy
              </Button>
            </div>
          </section>
        ) : null}

        <p className="api-access__usage">
          Send the key as <code>{PARTNER_KEY_HEADER}: cbp_…</code> or <code>Authorization: Bearer cbp_…</code> with a GET of{' '}
          {PARTNER_KEY_READS.map((path, i) => (
            <span key={path}>
              {i > 0 ? ', ' : ''}
              <code>{path}</code>
            </span>
          ))}{' '}
          and the same filters as this dashboard, for example:
        </p>
        <pre className="api-access__example">{example}</pre>

        <section aria-label="Your keys">
          {loadError ? (
            <LoadError error={loadError} onRetry={() => void keys.mutate()} />
          ) : keys.data === undefined ? (
            <p role="status">Loading keys…</p>
          ) : live.length === 0 ? (
            <p className="api-access__none">{API_ACCESS_TEXT.none}</p>
          ) : (
            <table className="api-access__table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  {readOnly ? null : (
                    <th scope="col">
                      <span className="cb-sr-only">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {live.map((key) => (
                  <tr key={key.id}>
                    <td>{key.name}</td>
                    <td>
                      <code>{key.prefix}…</code>
                    </td>
                    <td>{formatDateTime(key.createdAt)}</td>
                    <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</td>
                    {readOnly ? null : (
                      <td>
                        <Button variant="danger" size="sm" busy={busy === key.id} disabled={busy !== null} aria-label={`Revoke ${key.name}`} onClick={() => void revoke(key)}>
                          Revoke
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>

        {readOnly ? null : (
          <form id={formId} className="api-access__form" noValidate aria-label="New key" onSubmit={(event) => void create(event)}>
            {atCap ? <p className="api-access__cap">{API_ACCESS_TEXT.atCap}</p> : null}
            <TextField
              label="Name"
              placeholder="e.g. Nightly import"
              value={name}
              disabled={atCap}
              error={nameError}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
            />
            <Button type="submit" variant="primary" busy={busy === 'create'} disabled={atCap || busy !== null}>
              Create key
            </Button>
          </form>
        )}
      </div>
    </Modal>
  );
}
