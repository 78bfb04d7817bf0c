import { ALERT_STATE_LABELS, type AlertRule, type AlertTransition } from '@callboard/contract/alerts';
import { useApiFetch } from '@callboard/shared-auth/use-session';
import { Link } from '@callboard/shared-router';
import { useAreaBase } from '@callboard/shared-ui/area-tabs';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { formatShortDateTime } from '@callboard/shared-ui/format';
import { LoadError } from '@callboard/shared-ui/load-error';
import { Modal } from '@callboard/shared-ui/modal';
import { Spinner } from '@callboard/shared-ui/spinner';
import { useCallback, useEffect, useState } from 'react';
import { areaLink, figuresText, STATE_TONES } from '../alert-text';
import { ALERTS_TEXT, fetchTransitions, HISTORY_PAGE } from '../api/alerts-api';

interface HistoryState {
  transitions: AlertTransition[];
  /** Whether a page came back full: there may be older ones. */
  more: boolean;
  loading: boolean;
  error: unknown;
}

/**
 * A rule's changes of state, newest first, each with the figures that caused it and the server's link to Reporting
 * filtered to the rule's scope over that window: the calls it was judged on. Older pages on request.
 */
export function RuleHistoryDialog({ rule, onClose }: { rule: AlertRule; onClose: () => void }) {
  const apiFetch = useApiFetch();
  const base = useAreaBase();
  const [state, setState] = useState<HistoryState>({ transitions: [], more: false, loading: true, error: undefined });

  const load = useCallback(
    (before?: string) => {
      setState((current) => ({ ...current, loading: true, error: undefined }));
      fetchTransitions(apiFetch, rule.id, before).then(
        (answer) =>
          setState((current) => ({
            transitions: before === undefined ? answer.data : [...current.transitions, ...answer.data],
            more: answer.data.length === HISTORY_PAGE,
            loading: false,
            error: undefined,
          })),
        (error: unknown) => setState((current) => ({ ...current, loading: false, error })),
      );
    },
    [apiFetch, rule.id],
  );
  useEffect(() => load(), [load]);

  const last = state.transitions.at(-1);
  return (
    <Modal open size="lg" title={`History: ${rule.name}`} subtitle="Each change of state with the figures that caused it, newest first." onClose={onClose}>
      {state.error !== undefined ? <LoadError title={ALERTS_TEXT.historyFailed} error={state.error} onRetry={() => load(last?.id)} /> : null}
      {!state.loading && state.error === undefined && state.transitions.length === 0 ? (
        <EmptyState compact title="No changes yet" description="The rule has kept its state since it was saved." />
      ) : null}
      {state.transitions.length > 0 ? (
        <ol className="alert-history" aria-label="Changes of state, newest first">
          {state.transitions.map((transition) => (
            <li key={transition.id} className="alert-history__item">
              <div className="alert-history__line">
                <span className="alert-history__when">{formatShortDateTime(transition.at)}</span>
                <Badge size="sm" tone={STATE_TONES[transition.from]}>
                  {ALERT_STATE_LABELS[transition.from]}
                </Badge>
                <span aria-label="to">→</span>
                <Badge size="sm" tone={STATE_TONES[transition.to]} dot>
                  {ALERT_STATE_LABELS[transition.to]}
                </Badge>
              </div>
              <p className="alert-history__figures">{figuresText(rule.metric, transition.figures)}</p>
              <Link
                className="cb-link cb-text-sm"
                to={areaLink(transition.link, base)}
                onClick={onClose}
              >
                Open its calls ({formatShortDateTime(transition.figures.windowFrom)} – {formatShortDateTime(transition.figures.windowTo)})
              </Link>
            </li>
          ))}
        </ol>
      ) : null}
      {state.loading ? (
        <p className="alert-preview__note" role="status">
          <Spinner size="xs" decorative /> Loading history…
        </p>
      ) : null}
      {state.more && !state.loading && state.error === undefined ? (
        <Button size="sm" onClick={() => load(last?.id)}>
          Show older
        </Button>
      ) : null}
    </Modal>
  );
}
