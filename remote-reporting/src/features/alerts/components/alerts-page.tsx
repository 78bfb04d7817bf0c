import { ALERT_STATE_LABELS, ALERT_RULES_MAX, type AlertRule } from '@callboard/contract/alerts';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { Badge } from '@callboard/shared-ui/badge';
import { Button } from '@callboard/shared-ui/button';
import { ConfirmDialog } from '@callboard/shared-ui/confirm-dialog';
import { Dropdown, type DropdownItem } from '@callboard/shared-ui/dropdown';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { formatShortDateTime } from '@callboard/shared-ui/format';
import { BellIcon, PlusIcon } from '@callboard/shared-ui/icons';
import { Table, type TableColumn } from '@callboard/shared-ui/table';
import { useMemo, useState } from 'react';
import { ListCard } from '../../../lib/list-card';
import { conditionText, figuresText, metricText, scopeText, STATE_TONES, windowText } from '../alert-text';
import { ALERTS_TEXT, useAlertActions, useAlertRules } from '../api/alerts-api';
import { sourceIdsOf, useSourceNames } from '../api/rule-choices';
import { RuleFormDialog } from './rule-form-dialog';
import { RuleHistoryDialog } from './rule-history-dialog';
import { channelsText, SubscribeDialog } from './subscribe-dialog';
import './alerts.css';

type Dialog = { kind: 'form'; rule: AlertRule | null } | { kind: 'subscribe' | 'history' | 'delete'; rule: AlertRule };

/**
 * Reporting's Alerts tab: every alert rule with what it watches, its condition and where it stands (ok, pending,
 * firing, resolved, no data, since when, on what figures), and whether you are subscribed. Everyone subscribes
 * themself (in the app, by email); reviewers and admins create, change and delete rules, with a preview of how
 * often a rule would have fired before it is saved. Each rule's history links to the calls behind each change.
 */
export default function AlertsPage() {
  const { mayManageAlerts } = useScreenAccess();
  const list = useAlertRules();
  const actions = useAlertActions();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const rules = useMemo(() => list.data?.data ?? [], [list.data]);
  const names = useSourceNames(useMemo(() => sourceIdsOf(rules), [rules]));
  const close = () => setDialog(null);

  const menu = (rule: AlertRule): DropdownItem[] => [
    { key: 'history', label: 'History', onSelect: () => setDialog({ kind: 'history', rule }) },
    ...(rule.subscription ? [{ key: 'channels', label: 'How I am told', onSelect: () => setDialog({ kind: 'subscribe', rule }) }] : []),
    ...(mayManageAlerts
      ? [
          { key: 'edit', label: 'Edit', onSelect: () => setDialog({ kind: 'form', rule }) },
          { key: 'delete', label: 'Delete', danger: true, separatorBefore: true, onSelect: () => setDialog({ kind: 'delete', rule }) },
        ]
      : []),
  ];

  const columns: TableColumn<AlertRule>[] = [
    {
      key: 'name',
      label: 'Rule',
      width: 220,
      card: 'title',
      render: (rule) => (
        <span className="alerts-rule">
          <span className="alerts-rule__name">{rule.name}</span>
          <span className="alerts-rule__scope" title={scopeText(rule.scope, names)}>
            {scopeText(rule.scope, names)}
          </span>
        </span>
      ),
    },
    { key: 'metric', label: 'Metric', width: 130, card: 'detail', render: (rule) => metricText(rule.metric) },
    { key: 'window', label: 'Window', width: 150, render: (rule) => windowText(rule) },
    { key: 'condition', label: 'Condition', width: 170, card: 'detail', render: (rule) => conditionText(rule) },
    {
      key: 'state',
      label: 'State',
      width: 220,
      card: 'badge',
      render: (rule) => (
        <span className="alerts-state">
          <span className="alerts-state__line">
            <Badge tone={STATE_TONES[rule.status.state]} dot>
              {ALERT_STATE_LABELS[rule.status.state]}
            </Badge>
            <span className="cb-muted cb-text-sm">since {formatShortDateTime(rule.status.since)}</span>
          </span>
          {rule.status.figures ? <span className="alerts-state__figures">{figuresText(rule.metric, rule.status.figures)}</span> : null}
        </span>
      ),
    },
    {
      key: 'subscription',
      label: 'Subscribed',
      width: 130,
      render: (rule) => (rule.subscription ? channelsText(rule.subscription) : <span className="cb-muted">No</span>),
    },
    {
      key: 'actions',
      label: 'Actions',
      width: 200,
      align: 'end',
      card: 'menu',
      render: (rule) => (
        <span className="alerts-actions">
          {rule.subscription ? (
            <Button size="sm" variant="ghost" aria-label={`Unsubscribe from ${rule.name}`} onClick={() => void actions.unsubscribe(rule.id)}>
              Unsubscribe
            </Button>
          ) : (
            <Button size="sm" icon={<BellIcon size={12} />} aria-label={`Subscribe to ${rule.name}`} onClick={() => setDialog({ kind: 'subscribe', rule })}>
              Subscribe
            </Button>
          )}
          <Dropdown label="More" triggerAriaLabel={`More actions for ${rule.name}`} menuLabel={`Actions for ${rule.name}`} size="sm" variant="ghost" align="end" items={menu(rule)} />
        </span>
      ),
    },
  ];

  const atLimit = rules.length >= ALERT_RULES_MAX;
  return (
    <ListCard
      className="alerts-card"
      title="Alert rules"
      description="Judged every minute. Subscribe to be told in the app or by email when a rule fires and when it resolves."
      action={
        mayManageAlerts ? (
          <Button variant="primary" icon={<PlusIcon size={14} />} disabled={atLimit} title={atLimit ? `At most ${ALERT_RULES_MAX} rules` : undefined} onClick={() => setDialog({ kind: 'form', rule: null })}>
            New rule
          </Button>
        ) : null
      }
      list={list}
      loadFailed={ALERTS_TEXT.loadFailed}
    >
      <Table
        label="Alert rules"
        columns={columns}
        rows={rules}
        rowKey={(rule) => rule.id}
        rowClassName={(rule) => (rule.status.state === 'firing' ? 'alerts-row--firing' : undefined)}
        loading={list.isLoading}
        loadingText="Loading alert rules..."
        emptyText={
          <EmptyState
            title="No alert rules yet"
            description={mayManageAlerts ? 'Create one to be told when a share, a rate or the call volume moves past a level.' : 'A reviewer or an admin creates them; you can then subscribe.'}
          />
        }
      />

      {dialog?.kind === 'form' ? <RuleFormDialog rule={dialog.rule} actions={actions} onClose={close} /> : null}
      {dialog?.kind === 'subscribe' ? <SubscribeDialog rule={dialog.rule} actions={actions} onClose={close} /> : null}
      {dialog?.kind === 'history' ? <RuleHistoryDialog rule={dialog.rule} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog title="Delete alert rule" onConfirm={() => actions.remove(dialog.rule)} onClose={close}>
          Delete <strong>{dialog.rule.name}</strong>? Its subscriptions and its history go with it.
        </ConfirmDialog>
      ) : null}
    </ListCard>
  );
}
