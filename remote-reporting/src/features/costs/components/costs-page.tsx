import { useScreenAccess } from '@callboard/shared-auth/permission-gate';
import { BreakdownSection } from './breakdown-section';
import { CostSummary } from './cost-summary';
import { PaymentHistory } from './payment-history';
import './costs.css';

/**
 * Costs and payments: what the filtered calls earned and cost,
 * where that came from, and what was paid out to publishers. The figures and
 * the breakdown follow the global filters; the payment history follows the
 * publisher selection only, since a payment is not a call and has no range.
 * A publisher partner (the only partner with this tab: screen-access.ts) reads its payout figures and its
 * own payments; the breakdown, a ranking of the network's money, is not theirs.
 */
export function CostsPage() {
  const { costs } = useScreenAccess();
  return (
    <div className="costs-page">
      <CostSummary />
      {costs === 'all' ? <BreakdownSection /> : null}
      <PaymentHistory />
    </div>
  );
}
