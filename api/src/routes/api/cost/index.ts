import {
  BREAKDOWN_GROUPS,
  LIST_PARAM_MAX_LENGTH,
  PAYMENT_HISTORY_LIMIT,
  PAYMENT_METHODS,
  type BreakdownGroup,
  type CallFilterParams,
  type PaymentBody,
} from '@callboard/contract';
import type { FastifyInstance } from 'fastify';
import { callFilterQuerySchema, parseCallFilter } from '../../../domain/calls/call-filter';
import { costBreakdownFile } from '../../../domain/costs/breakdown-sheet';
import { costBreakdown } from '../../../domain/costs/cost-breakdown';
import { costStatsFor } from '../../../domain/costs/cost-figures';
import { refusePartnersWithoutCosts, visibleCostStats } from '../../../domain/costs/partner-costs';
import { currentPartnerScope } from '../../../domain/partners/request-scope';
import { readIdempotencyKey } from '../../../domain/costs/idempotency-key';
import { PaymentService } from '../../../domain/costs/payment-service';
import { downloadName, SHEET_CONTENT_TYPES, type SheetFormat } from '../../../domain/export/sheet-writer';
import { bearer, idParams } from '../schemas';

const money = { type: 'number' } as const;

// Every figure is there for the network's people; a partner's answer lacks the money its kind does not see
// (a publisher partner: revenue, profit and margin; domain/costs/partner-costs.ts).
const costStatsSchema = {
  type: 'object',
  required: ['calls', 'sales', 'currency'],
  properties: {
    calls: { type: 'integer' },
    sales: { type: 'integer' },
    revenue: { ...money, description: 'Not in a publisher partner’s answer' },
    payout: money,
    profit: { ...money, description: 'Not in a partner’s answer' },
    margin: { type: 'number', description: 'Profit as a percentage of revenue, 2 decimals; 0 without revenue. Not in a partner’s answer' },
    costPerSale: { type: 'number', description: 'Payout per sale; 0 without sales' },
    currency: { type: 'string' },
  },
} as const;

const breakdownSchema = {
  type: 'object',
  required: ['groupBy', 'rows'],
  properties: {
    groupBy: { type: 'string', enum: [...BREAKDOWN_GROUPS] },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        required: ['key', 'label', 'calls', 'sales', 'revenue', 'payout', 'profit', 'conversionRate'],
        properties: {
          key: { type: 'string', description: 'The id; "0" for calls without a target or buyer' },
          label: { type: 'string' },
          calls: { type: 'integer' },
          sales: { type: 'integer' },
          revenue: money,
          payout: money,
          profit: money,
          conversionRate: { type: 'number', description: 'Sales as a percentage of calls, 2 decimals' },
        },
      },
    },
  },
} as const;

const paymentSchema = {
  type: 'object',
  required: ['id', 'publisherId', 'publisherName', 'amount', 'currency', 'paidAt', 'method', 'reference', 'note', 'createdBy', 'createdAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    publisherId: { type: 'string' },
    publisherName: { type: 'string' },
    amount: money,
    currency: { type: 'string' },
    paidAt: { type: 'string', format: 'date-time' },
    method: { type: 'string', enum: [...PAYMENT_METHODS] },
    reference: { type: ['string', 'null'] },
    note: { type: ['string', 'null'] },
    createdBy: { type: ['string', 'null'], description: "The recorder's name, else email; null once that user is deleted" },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

const paymentResponse = {
  type: 'object',
  properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: paymentSchema },
} as const;

// Loose on purpose: validatePayment (shared with the form) words every message. publisherId and amount
// take a number or text, so they carry no type here (and no coercion that could turn `true` into 1).
const paymentBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    publisherId: { description: 'The publisher id, as a number or its digits' },
    amount: { description: 'Dollars, > 0, at most 2 decimals, at most 10,000,000; a number or numeric text' },
    paidAt: { type: ['string', 'null'], maxLength: 64 },
    method: { type: ['string', 'null'], maxLength: 40 },
    currency: { type: ['string', 'null'], maxLength: 40 },
    reference: { type: ['string', 'null'], maxLength: 10_000 },
    note: { type: ['string', 'null'], maxLength: 10_000 },
  },
} as const;

const groupByParam = { type: 'string', enum: [...BREAKDOWN_GROUPS], default: 'publisher' } as const;

/**
 * Costs and payments: figures for the filtered calls, a breakdown
 * by campaign, publisher, target or buyer, its export, and the payments made
 * to publishers. Any signed-in user reads; only admins record payments.
 * A publisher partner reads its payout totals and its own payments; a buyer
 * partner nothing here (domain/costs/partner-costs.ts). The breakdown, its
 * file and every write are not marked for partners: 403.
 */
export default async function costRoutes(fastify: FastifyInstance): Promise<void> {
  const payments = new PaymentService(fastify.db, fastify.sharedState.idempotencyStore());
  fastify.addHook('onRequest', fastify.authenticate);

  fastify.get<{ Querystring: CallFilterParams }>(
    '/stats',
    {
      config: { partner: 'scoped' },
      onRequest: refusePartnersWithoutCosts,
      schema: {
        tags: ['costs'],
        summary: 'Revenue, payout, profit, margin and cost per sale of the filtered calls',
        security: bearer,
        querystring: { type: 'object', properties: callFilterQuerySchema },
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: costStatsSchema } } },
      },
    },
    async (request) => {
      // parseCallFilter narrows the calls to a partner's scope; the figures it may not see go here.
      return { success: true, data: visibleCostStats(currentPartnerScope(), await costStatsFor(fastify.db, parseCallFilter(request.query))) };
    },
  );

  fastify.get<{ Querystring: CallFilterParams & { groupBy: BreakdownGroup } }>(
    '/breakdown',
    {
      schema: {
        tags: ['costs'],
        summary: 'Calls, sales, revenue, payout and profit per campaign, publisher, target or buyer; highest revenue first',
        security: bearer,
        querystring: { type: 'object', properties: { ...callFilterQuerySchema, groupBy: groupByParam } },
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: breakdownSchema } } },
      },
    },
    async (request) => {
      return { success: true, data: await costBreakdown(fastify.db, parseCallFilter(request.query), request.query.groupBy) };
    },
  );

  fastify.post<{ Body: CallFilterParams & { fmt: SheetFormat; groupBy: BreakdownGroup } }>(
    '/export',
    {
      schema: {
        tags: ['costs'],
        summary: 'The breakdown as a CSV or XLSX file',
        security: bearer,
        body: {
          type: 'object',
          required: ['fmt'],
          additionalProperties: false,
          properties: { ...callFilterQuerySchema, fmt: { type: 'string', enum: ['csv', 'xlsx'] }, groupBy: groupByParam },
        },
      },
    },
    async (request, reply) => {
      const { fmt, groupBy, ...params } = request.body;
      const file = await costBreakdownFile(fastify.db, parseCallFilter(params), groupBy, fmt);
      return reply
        .header('content-type', SHEET_CONTENT_TYPES[fmt])
        .header('content-disposition', `attachment; filename="${downloadName('cost_breakdown', fmt)}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  fastify.get<{ Querystring: { limit: number; publisher?: string } }>(
    '/payments',
    {
      config: { partner: 'scoped' },
      onRequest: refusePartnersWithoutCosts,
      schema: {
        tags: ['costs'],
        summary: 'Payments to publishers, newest first',
        security: bearer,
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: PAYMENT_HISTORY_LIMIT, default: PAYMENT_HISTORY_LIMIT },
            publisher: { type: 'string', maxLength: LIST_PARAM_MAX_LENGTH },
          },
        },
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' }, data: { type: 'array', items: paymentSchema } } } },
      },
    },
    async (request) => {
      return { success: true, data: await payments.list(request.query.limit, request.query.publisher, currentPartnerScope()) };
    },
  );

  fastify.post<{ Body: PaymentBody }>(
    '/payments',
    {
      onRequest: fastify.requirePermission('managePayments'),
      schema: {
        tags: ['costs'],
        summary: 'Record a payment to a publisher (admin). An Idempotency-Key header makes a retry return the first answer.',
        security: bearer,
        headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', description: 'Optional: 1 to 255 visible characters, e.g. a UUID' } } },
        body: paymentBody,
        response: { 201: paymentResponse },
      },
    },
    async (request, reply) => {
      const actor = request.currentUser!;
      const key = readIdempotencyKey(request.headers['idempotency-key']);
      const { statusCode, payment, replayed } = await payments.record(actor.id, request.body ?? ({} as PaymentBody), key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      request.log.info({ actor: actor.id, paymentId: payment.id, replayed }, replayed ? 'payment replayed for its Idempotency-Key' : 'payment recorded');
      return reply.code(statusCode).send({ success: true, message: 'Payment recorded', data: payment });
    },
  );

  fastify.put<{ Params: { id: string }; Body: PaymentBody }>(
    '/payments/:id',
    {
      onRequest: fastify.requirePermission('managePayments'),
      schema: {
        tags: ['costs'],
        summary: "Replace a payment's details (admin)",
        security: bearer,
        params: idParams,
        body: paymentBody,
        response: { 200: paymentResponse },
      },
    },
    async (request) => {
      const payment = await payments.update(request.params.id, request.body ?? ({} as PaymentBody));
      request.log.info({ actor: request.currentUser?.id, paymentId: payment.id }, 'payment updated');
      return { success: true, message: 'Payment updated', data: payment };
    },
  );

  fastify.delete<{ Params: { id: string } }>(
    '/payments/:id',
    {
      onRequest: fastify.requirePermission('managePayments'),
      schema: { tags: ['costs'], summary: 'Delete a payment (admin)', security: bearer, params: idParams, response: { 200: paymentResponse } },
    },
    async (request) => {
      const payment = await payments.delete(request.params.id);
      request.log.info({ actor: request.currentUser?.id, paymentId: payment.id }, 'payment deleted');
      return { success: true, message: 'Payment deleted', data: payment };
    },
  );
}
