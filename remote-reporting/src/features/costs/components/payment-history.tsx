import { PAYMENT_HISTORY_LIMIT, type Payment } from '@callboard/contract';
import { usePermission, useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { Badge } from '@callboard/shared-ui/badge';
import { EmptyState } from '@callboard/shared-ui/empty-state';
import { filterParamsAtom } from '@callboard/shared-ui/filter-atoms';
import { cellText, formatCountOf, formatDateTime, formatMoney, formatShortDateTime } from '@callboard/shared-ui/format';
import { DollarIcon, EditIcon, PlusIcon, TrashIcon } from '@callboard/shared-ui/icons';
import { LoadError } from '@callboard/shared-ui/load-error';
import { RowMenu, Table, type TableColumn } from '@callboard/shared-ui/table';
import { useAtomValue } from 'jotai';
import { useId, useMemo, useState } from 'react';
import { usePayments } from '../api/cost-api';
import { usePaymentActions } from '../hooks/use-payment-actions';
import { AdminAction } from './admin-action';
import { DeletePaymentDialog } from './delete-payment-dialog';
import { PaymentDialog } from './payment-dialog';
import { paymentMethodLabel } from './payment-methods';

export const CREATE_PAYMENT_REASON = 'Only admins can record payments';
export const EDIT_PAYMENT_REASON = 'Only admins can edit payments';
export const DELETE_PAYMENT_REASON = 'Only admins can delete payments';

/** What a partner's payment history leaves out: the actions, and what the network keeps to itself. */
const PARTNER_HIDDEN_PAYMENT_COLUMNS: ReadonlySet<string> = new Set(['actions', 'note', 'createdBy']);

type DialogState = { kind: 'create' } | { kind: 'edit'; payment: Payment } | { kind: 'delete'; payment: Payment } | null;

/** Long free text stays on one line; the whole of it is a hover away. */
function clipped(text: string | null) {
  const shown = cellText(text);
  return text ? <span title={text}>{shown}</span> : shown;
}

/**
 * The latest payments to publishers (at most 100), newest first, with create,
 * edit and delete for the roles that manage payments (admins). The network's other people see the same actions disabled,
 * with the reason, rather than buttons that fail. A partner reads its own payments only: no actions, and not
 * the network's note or who in the network recorded them.
 */
export function PaymentHistory() {
  const mayManage = usePermission('managePayments');
  const readOnly = useScreenAccess().partner !== null;
  const { data, error, isLoading, mutate } = usePayments();
  const actions = usePaymentActions();
  const [dialog, setDialog] = useState<DialogState>(null);
  const narrowed = useAtomValue(filterParamsAtom).publisher !== undefined;
  const titleId = useId();
  const payments = data?.data ?? [];

  const columns = useMemo<TableColumn<Payment>[]>(() => {
    const all: TableColumn<Payment>[] = [
      {
        key: 'paidAt',
        label: 'Paid at',
        width: 180,
        nowrap: true,
        card: 'title',
        render: (p) => <span title={formatDateTime(p.paidAt)}>{formatShortDateTime(p.paidAt)}</span>,
      },
      { key: 'publisherName', label: 'Publisher', width: 170, nowrap: true, card: 'detail', render: (p) => clipped(p.publisherName) },
      {
        key: 'amount',
        label: 'Amount',
        width: 110,
        align: 'end',
        card: 'figure',
        render: (p) => <span className="cb-num">{formatMoney(p.amount, p.currency)}</span>,
      },
      { key: 'method', label: 'Method', width: 90, card: 'badge', render: (p) => <Badge size="sm">{paymentMethodLabel(p.method)}</Badge> },
      { key: 'reference', label: 'Reference', width: 140, nowrap: true, render: (p) => clipped(p.reference) },
      { key: 'note', label: 'Note', width: 200, nowrap: true, render: (p) => clipped(p.note) },
      { key: 'createdBy', label: 'Created by', width: 140, nowrap: true, render: (p) => clipped(p.createdBy) },
      {
        key: 'actions',
        label: <span className="cb-sr-only">Actions</span>,
        width: 84,
        align: 'end',
        card: 'menu',
        render: (p) => (
          <>
            <div className="costs-row-actions">
              <AdminAction
                allowed={mayManage}
                reason={EDIT_PAYMENT_REASON}
                variant="ghost"
                size="sm"
                iconOnly
                icon={<EditIcon size={14} />}
                aria-label="Edit payment"
                onClick={() => setDialog({ kind: 'edit', payment: p })}
              />
              <AdminAction
                allowed={mayManage}
                reason={DELETE_PAYMENT_REASON}
                variant="ghost"
                size="sm"
                iconOnly
                icon={<TrashIcon size={14} />}
                aria-label="Delete payment"
                className="costs-danger-action"
                onClick={() => setDialog({ kind: 'delete', payment: p })}
              />
            </div>
            <RowMenu
              name={`payment of ${formatMoney(p.amount, p.currency)} to ${p.publisherName}`}
              items={[
                {
                  key: 'edit',
                  label: 'Edit payment',
                  icon: <EditIcon size={14} />,
                  disabled: !mayManage,
                  reason: EDIT_PAYMENT_REASON,
                  onSelect: () => setDialog({ kind: 'edit', payment: p }),
                },
                {
                  key: 'delete',
                  label: 'Delete payment',
                  icon: <TrashIcon size={14} />,
                  danger: true,
                  disabled: !mayManage,
                  reason: DELETE_PAYMENT_REASON,
                  onSelect: () => setDialog({ kind: 'delete', payment: p }),
                },
              ]}
            />
          </>
        ),
      },
    ];
    // The server keeps the network's note and who recorded a payment from a partner (domain/costs/partner-costs.ts).
    return readOnly ? all.filter((column) => !PARTNER_HIDDEN_PAYMENT_COLUMNS.has(column.key)) : all;
  }, [mayManage, readOnly]);

  const empty = readOnly ? (
    <EmptyState compact icon={<DollarIcon size={22} />} title="No payments yet" description="Payments made to you appear here." />
  ) : mayManage ? (
    <EmptyState compact icon={<DollarIcon size={22} />} title="No payments yet" description="Record a payment to a publisher and it appears here." />
  ) : (
    <EmptyState compact icon={<DollarIcon size={22} />} title="No payments yet" description="Payments recorded by admins appear here." />
  );

  return (
    <section className="cb-card costs-payments" aria-labelledby={titleId}>
      <header className="cb-card__header">
        <div className="cb-row cb-row--wrap">
          <h2 id={titleId} className="cb-card__title">
            Payment history
          </h2>
          {data ? (
            <Badge size="sm" tone="neutral">
              {payments.length >= PAYMENT_HISTORY_LIMIT ? `Latest ${PAYMENT_HISTORY_LIMIT}` : formatCountOf(payments.length, 'payment')}
            </Badge>
          ) : null}
          {narrowed ? <span className="cb-muted cb-text-sm">Selected publishers only</span> : null}
        </div>
        {readOnly ? null : (
          <AdminAction
            allowed={mayManage}
            reason={CREATE_PAYMENT_REASON}
            variant="primary"
            size="sm"
            icon={<PlusIcon size={14} />}
            onClick={() => setDialog({ kind: 'create' })}
          >
            New payment
          </AdminAction>
        )}
      </header>
      {error ? (
        <div className="costs-payments__error">
          <LoadError title="Failed to load payments." error={error} onRetry={() => void mutate()} />
        </div>
      ) : (
        <Table
          label="Payment history"
          columns={columns}
          rows={payments}
          rowKey={(p) => p.id}
          loading={isLoading && !data}
          loadingText="Loading payments..."
          emptyText={empty}
        />
      )}
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <PaymentDialog payment={dialog.kind === 'edit' ? dialog.payment : null} actions={actions} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? <DeletePaymentDialog payment={dialog.payment} onDelete={actions.remove} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
