import { BreakdownSection } from './breakdown-section';
import { CostSummary } from './cost-summary';
import { PaymentHistory } from './payment-history';
import './costs.css';

/**
 * Costs and payments: what the filtered calls earned and cost,
 * where that came from, and what was paid out to publishers. The figures and
 * the breakdown follow the global filters; the payment history follows the
 * publisher selection only, since a payment is not a call and has no range.
 */
export function CostsPage() {
  return (
    <div className="costs-page">
      <CostSummary />
      <BreakdownSection />
      <PaymentHistory />
    </div>
  );
}
