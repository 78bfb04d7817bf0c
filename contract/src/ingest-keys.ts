/**
 * Ingest keys: the X-Api-Key values other systems deliver with, and what each
 * one may deliver. A key holds one or more scopes; each ingest route needs one:
 * `calls` for POST /api/ingest/calls (the tracking platform), `qc` for
 * POST /api/ingest/qc (the QC bot). So a key handed to the bot cannot write
 * calls, and the platform's key cannot overrule the bot's verdicts. `read` lets
 * a key read the changes feed (GET /api/changes, contract/src/changes.ts): a BI
 * tool's key, which delivers nothing; only a key made with it holds it.
 */
import type { FieldError } from './api-envelope';

export const INGEST_SCOPES = ['calls', 'qc', 'read'] as const;
export type IngestScope = (typeof INGEST_SCOPES)[number];

/**
 * A new key's scopes when none are named: the two that deliver. Reading every call is asked for by name,
 * so a key made for the platform or the bot (as every key was before `read` existed) never reads the feed.
 */
export const DEFAULT_INGEST_SCOPES: readonly IngestScope[] = ['calls', 'qc'];

/** What each scope lets a key do, as the refusal of a key without it says. */
export const INGEST_SCOPE_ACTIONS: Record<IngestScope, string> = {
  calls: 'deliver calls',
  qc: "deliver the QC bot's verdicts",
  read: 'read the changes feed',
};

const SCOPE_LIST = INGEST_SCOPES.join(', ');
/** An unknown scope is quoted in its message up to this many characters. */
const QUOTED_MAX_LENGTH = 40;

export const INGEST_KEY_MESSAGES = {
  scopesNotList: `scopes must be a list of scopes: any of ${SCOPE_LIST}`,
  scopesEmpty: `scopes must name at least one scope: ${SCOPE_LIST}`,
  scopeUnknown: (value: unknown) => `scopes names an unknown scope ${quoted(value)}: the scopes are ${SCOPE_LIST}`,
  scopeRepeated: (scope: IngestScope) => `scopes names "${scope}" more than once`,
  scopeMissing: (scope: IngestScope) => `This key lacks the "${scope}" scope: it may not ${INGEST_SCOPE_ACTIONS[scope]}`,
} as const;

function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > QUOTED_MAX_LENGTH ? `${text.slice(0, QUOTED_MAX_LENGTH)}…` : text;
}

export function isIngestScope(value: unknown): value is IngestScope {
  return (INGEST_SCOPES as readonly unknown[]).includes(value);
}

/**
 * The `scopes` of a new key: DEFAULT_INGEST_SCOPES when omitted; otherwise a non-empty
 * list of known scopes, each once, returned in the order of INGEST_SCOPES.
 * Or the first problem, under `scopes`.
 */
export function parseIngestScopes(value: unknown): IngestScope[] | FieldError {
  const problem = (message: string): FieldError => ({ field: 'scopes', message });
  if (value === undefined) return [...DEFAULT_INGEST_SCOPES];
  if (!Array.isArray(value)) return problem(INGEST_KEY_MESSAGES.scopesNotList);
  if (value.length === 0) return problem(INGEST_KEY_MESSAGES.scopesEmpty);
  const seen = new Set<IngestScope>();
  for (const item of value as unknown[]) {
    if (!isIngestScope(item)) return problem(INGEST_KEY_MESSAGES.scopeUnknown(item));
    if (seen.has(item)) return problem(INGEST_KEY_MESSAGES.scopeRepeated(item));
    seen.add(item);
  }
  return INGEST_SCOPES.filter((scope) => seen.has(scope));
}

/** Body of POST /api/ingest-keys. */
export interface CreateIngestKeyBody {
  name: string;
  /** DEFAULT_INGEST_SCOPES (calls and qc) when omitted. */
  scopes?: IngestScope[];
}

/** A key as GET /api/ingest-keys lists it: never the key itself, only its first characters. */
export interface IngestKey {
  id: string;
  name: string;
  prefix: string;
  /** In the order of INGEST_SCOPES. */
  scopes: IngestScope[];
  createdBy: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to POST /api/ingest-keys: the only time `key` is shown. */
export interface CreatedIngestKey extends IngestKey {
  key: string;
}
