import { callProfit, type CallRecord } from '@callboard/contract';
import { Fragment } from 'react';
import { cellText, formatMoney } from './format';

/** A call's route and money, in the order both call details show them. */
export function callMoneyFacts(call: CallRecord): Array<[label: string, value: string]> {
  return [
    ['Target', cellText(call.target_name)],
    ['Buyer', cellText(call.buyerName)],
    ['Connected', call.connected ? 'Yes' : 'No'],
    ['Revenue', formatMoney(call.revenue)],
    ['Payout', formatMoney(call.payout)],
    ['Profit', formatMoney(callProfit(call))],
  ];
}

/**
 * Where a call went and what it earned, as term / value pairs inside the
 * caller's <dl>: the same fields in Reporting's call dialog and Call Logs' panel.
 */
export function CallMoneyFacts({ call }: { call: CallRecord }) {
  return (
    <>
      {callMoneyFacts(call).map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd className={label === 'Target' || label === 'Buyer' || label === 'Connected' ? undefined : 'cb-num'}>{value}</dd>
        </Fragment>
      ))}
    </>
  );
}
