import { DISPOSITIONS, REJECTED_UNKNOWN } from '@callboard/contract';
import { SCORECARD_FLAGS, SCORECARD_GROUP_BY } from '@callboard/contract/scorecard';
import type { FastifyInstance } from 'fastify';
import { callFilterQuerySchema } from '../../../domain/calls/call-filter';
import type { FlagThresholds } from '../../../domain/calls/stats';
import { parseScorecardQuery, type ScorecardQuery } from '../../../domain/scorecard/scorecard-params';
import { scorecard } from '../../../domain/scorecard/scorecard';
import { scorecardCsv } from '../../../domain/scorecard/scorecard-sheet';
import { downloadName, SHEET_CONTENT_TYPES } from '../../../domain/export/sheet-writer';
import { bearer } from '../schemas';

const money = { type: 'string', description: 'Decimal dollars, e.g. "1234.50"' } as const;
const share = { type: 'number', description: 'Percent of the calls, 2 decimals' } as const;

const rowSchema = {
  type: 'object',
  required: ['key', 'label', 'calls', 'connected', 'sales', 'salesRate', 'counts', 'voicemailPct', 'hungupPct', 'rejectedUnknownPct', 'redNoConnectPct', 'flags', 'repeatCalls', 'repeatPct', 'revenue', 'payout', 'profit', 'previous', 'disputes', 'disputesDecided', 'disputeRate', 'acceptanceRate', 'credited', 'clawedBack', 'aiAgreement'],
  properties: {
    key: { type: 'string', description: 'The id; "0" for calls without a target or buyer' },
    label: { type: 'string' },
    calls: { type: 'integer' },
    connected: { type: 'integer' },
    sales: { type: 'integer' },
    salesRate: share,
    counts: {
      type: 'object',
      description: `Calls per disposition: each of the 14 and "${REJECTED_UNKNOWN}", summing to calls`,
      required: [...DISPOSITIONS, REJECTED_UNKNOWN],
      additionalProperties: false,
      properties: Object.fromEntries([...DISPOSITIONS, REJECTED_UNKNOWN].map((key) => [key, { type: 'integer' }])),
    },
    voicemailPct: share,
    hungupPct: share,
    rejectedUnknownPct: share,
    redNoConnectPct: share,
    flags: { type: 'array', description: "The stats cards' warning thresholds this row crosses, when it has at least minCalls calls", items: { type: 'string', enum: [...SCORECARD_FLAGS] } },
    repeatCalls: { type: 'integer' },
    repeatPct: share,
    revenue: money,
    payout: money,
    profit: money,
    previous: {
      type: 'object',
      description: 'The period /api/stats compares with (for a period in progress, the one before up to the same moment)',
      required: ['calls', 'salesRate', 'profit'],
      properties: { calls: { type: 'integer' }, salesRate: share, profit: money },
    },
    disputes: { type: 'integer', description: "Disputes of the row's calls in the range (by the call's time), withdrawn ones not counted" },
    disputesDecided: { type: 'integer', description: 'Of those, the decided ones (accepted, partial, rejected)' },
    disputeRate: { type: 'number', description: 'disputes as a percent of calls, 2 decimals' },
    acceptanceRate: { type: ['number', 'null'], description: 'Accepted and partial as a percent of the decided disputes; null while none is decided' },
    credited: { ...money, description: 'Decimal dollars credited to buyers by the standing decisions' },
    clawedBack: { ...money, description: "Decimal dollars clawed back from publishers' payouts by the standing decisions" },
    aiAgreement: {
      type: ['number', 'null'],
      description: "Percent of the decided disputes with an AI verdict whose decision agreed with it (a reject with a billable verdict, an accept or partial with any other); null without one",
    },
  },
} as const;

// Types only: parseScorecardQuery judges the values, so a bad one gets the contract's message beside any bad filter param.
const querystring = {
  type: 'object',
  properties: {
    ...callFilterQuerySchema,
    groupBy: { type: 'string', maxLength: 20, description: `${SCORECARD_GROUP_BY.join(', ')}; publisher by default` },
    sortBy: { type: 'string', maxLength: 40, description: 'A row field (label, calls, salesRate, profit…); calls by default' },
    sortDir: { type: 'string', maxLength: 10, description: 'asc or desc; desc by default' },
    limit: { type: 'string', maxLength: 10, description: 'Rows at most, 1 to 1000; 100 by default' },
    minCalls: { type: 'string', maxLength: 10, description: "A row's shares are flagged only from this many calls, 1 to 100000; 20 by default" },
  },
} as const;

/** The scorecard: quality and money per publisher, campaign, buyer or target. Every signed-in role reads it. */
export default async function scorecardRoutes(fastify: FastifyInstance, options: { flagThresholds: FlagThresholds }): Promise<void> {
  fastify.addHook('onRequest', fastify.authenticate);

  fastify.get<{ Querystring: ScorecardQuery }>(
    '',
    {
      schema: {
        tags: ['calls'],
        summary: 'Per publisher, campaign, buyer or target: calls, sales rate, dispositions, flags, repeats, money and disputes, beside the previous period',
        security: bearer,
        querystring,
        response: {
          200: {
            type: 'object',
            properties: {
              success: { type: 'boolean' },
              data: { type: 'object', required: ['groupBy', 'rows'], properties: { groupBy: { type: 'string', enum: [...SCORECARD_GROUP_BY] }, rows: { type: 'array', items: rowSchema } } },
            },
          },
        },
      },
    },
    async (request) => {
      const data = await fastify.sharedRead(request, () => scorecard(fastify.db, parseScorecardQuery(request.query), options.flagThresholds));
      return { success: true, data };
    },
  );

  fastify.post<{ Body: ScorecardQuery & { fmt: 'csv' } }>(
    '/export',
    {
      schema: {
        tags: ['calls'],
        summary: 'The scorecard as shown (the same params: filters, grouping, order, limit) as a CSV file',
        security: bearer,
        body: { type: 'object', required: ['fmt'], additionalProperties: false, properties: { ...querystring.properties, fmt: { type: 'string', enum: ['csv'] } } },
      },
    },
    async (request, reply) => {
      const { fmt, ...params } = request.body;
      const data = await scorecard(fastify.db, parseScorecardQuery(params), options.flagThresholds);
      return reply
        .header('content-type', SHEET_CONTENT_TYPES[fmt])
        .header('content-disposition', `attachment; filename="${downloadName(`scorecard_by_${data.groupBy}`, fmt)}"`)
        .header('cache-control', 'no-store')
        .send(await scorecardCsv(data));
    },
  );
}
