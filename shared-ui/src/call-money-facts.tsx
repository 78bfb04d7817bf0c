import { callProfit, type CallRecord } from '@callboard/contract';
import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { Fragment } from 'react';
import { cellText, formatMoney } from './format';

/**
 * A call's route and money, in the order both call details show them, leaving out what `sees` does not
 * allow (a partner's counterparty and the other side's money: shared-auth/src/screen-access.ts). Profit
 * only with both of the figures it is made of.
 */
export function callMoneyFacts(call: CallRecord, sees: (field: string) => boolean = () => true): Array<[label: string, value: string]> {
  const facts: Array<[field: string, label: string, value: () => string]> = [
    ['target_name', 'Target', () => cellText(call.target_name)],
    ['buyerName', 'Buyer', () => cellText(call.buyerName)],
    ['connected', 'Connected', () => (call.connected ? 'Yes' : 'No')],
    ['revenue', 'Revenue', () => formatMoney(call.revenue)],
    ['payout', 'Payout', () => formatMoney(call.payout)],
    ['profit', 'Profit', () => formatMoney(callProfit(call))],
  ];
  return facts.filter(([field]) => sees(field)).map(([, label, value]) => [label, value()]);
}

/**
 * Where a call went and what it earned, as term / value pairs inside the
 * caller's <dl>: the same fields in Reporting's call dialog and Call Logs' panel,
 * as far as the signed-in person may see them.
 */
export function CallMoneyFacts({ call }: { call: CallRecord }) {
  const { seesField } = useScreenAccess();
  return (
    <>
      {callMoneyFacts(call, seesField).map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd className={label === 'Target' || label === 'Buyer' || label === 'Connected' ? undefined : 'cb-num'}>{value}</dd>
        </Fragment>
      ))}
    </>
  );
}
