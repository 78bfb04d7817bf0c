/** Costs and payments. Money travels as decimal dollars; the database keeps integer cents. */
import { GROUP_BY_DIMENSIONS } from './dimensions';

export interface CostStats {
  calls: number;
  sales: number;
  revenue: number;
  payout: number;
  profit: number;
  /** Profit as a percentage of revenue; 0 when there is no revenue. */
  margin: number;
  /** Payout per sale; 0 when there are no sales. */
  costPerSale: number;
  currency: string;
}

/** What the cost breakdown groups by: each dimension, in the group-by order. */
export const BREAKDOWN_GROUPS = GROUP_BY_DIMENSIONS;
export type BreakdownGroup = (typeof BREAKDOWN_GROUPS)[number];

export interface BreakdownRow {
  key: string;
  label: string;
  calls: number;
  sales: number;
  revenue: number;
  payout: number;
  profit: number;
  /** Sales as a percentage of calls. */
  conversionRate: number;
}

export interface Breakdown {
  groupBy: BreakdownGroup;
  rows: BreakdownRow[];
}

export const PAYMENT_METHODS = ['wire', 'ach', 'paypal', 'check', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface Payment {
  id: string;
  publisherId: string;
  publisherName: string;
  amount: number;
  currency: string;
  paidAt: string;
  method: PaymentMethod;
  reference: string | null;
  note: string | null;
  createdBy: string | null;
  createdAt: string;
}

export interface PaymentBody {
  publisherId: string;
  amount: number | string;
  paidAt: string;
  method: PaymentMethod;
  currency?: string;
  reference?: string | null;
  note?: string | null;
}
