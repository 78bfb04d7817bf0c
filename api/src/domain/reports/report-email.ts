import type { StatsFigures } from '@callboard/contract';
import { cardFigures, type Trend } from '@callboard/contract/card-figures';
import { reportSubject, type ReportFrequency, type ReportPeriod } from '@callboard/contract/report-schedules';
import type { Mover, ReportContent } from './report-content';

/** What the arrows compare with, in the email's words. */
const COMPARED_WITH: Record<ReportFrequency, string> = {
  daily: 'the day before',
  weekly: 'the week before',
  monthly: 'the month before',
};

/** One card's line: its count and share now and before, which way it moved and by how much, as the dashboard's card shows them. */
export interface CardLine {
  label: string;
  count: number;
  /** Percent of the period's calls; null for Total Processed (the arrow compares its count). */
  share: number | null;
  previousCount: number;
  previousShare: number | null;
  arrow: '▲' | '▼' | '–';
  change: string;
  flagged: boolean;
}

const ARROWS: Record<Trend, CardLine['arrow']> = { up: '▲', down: '▼', flat: '–' };

const count = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(n);
const percent = (p: number) => `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(p)}%`;
const arrowOf = (now: number, before: number): CardLine['arrow'] => (now > before ? '▲' : now < before ? '▼' : '–');
const signed = (value: number) => (value === 0 ? '±0' : `${value < 0 ? '−' : '+'}${count(Math.abs(value))}`);

/**
 * The dashboard's 17 cards (contract STATS_CARDS, in their order) as the email lists them: the very figures,
 * arrows and differences of Reporting's cards (contract/src/card-figures.ts). Total Processed's arrow compares
 * its count (in percent of the count before), every other card's its share of the calls (in percentage points).
 */
export function cardLines(stats: Pick<ReportContent['stats'], keyof StatsFigures | 'previous'>): CardLine[] {
  return cardFigures(stats, stats.previous).map((figures) => {
    const byCount = figures.compared === 'count';
    return {
      label: figures.card.label,
      count: figures.count,
      share: byCount ? null : figures.share,
      previousCount: figures.previousCount,
      previousShare: byCount ? null : figures.previousShare,
      arrow: ARROWS[figures.trend],
      change: figures.change,
      flagged: figures.flagged,
    };
  });
}

function moverSentence(mover: Mover): string {
  return `${mover.name}: ${count(mover.calls)} calls (${arrowOf(mover.calls, mover.previousCalls)} ${signed(mover.calls - mover.previousCalls)} from ${count(mover.previousCalls)}), ${percent(mover.share)} of calls (was ${percent(mover.previousShare)})`;
}

function recordsSentence(records: ReportContent['records']): string | null {
  switch (records.kind) {
    case 'none':
      return null;
    case 'attached':
      return `The period's ${count(records.rows)} records are attached (${records.filename}).`;
    case 'too-many':
      return `The period has ${count(records.rows)} records, too many to attach: open the view to export them.`;
  }
}

export interface ReportEmailInput {
  viewName: string;
  frequency: ReportFrequency;
  period: ReportPeriod;
  content: ReportContent;
  /** The view with the period, as an absolute URL. */
  viewUrl: string;
  /** This recipient's one-click unsubscribe link, absolute. */
  unsubscribeUrl: string;
  /** Who scheduled it, so the recipient knows why it came. */
  ownerName: string;
}

export interface ReportEmail {
  subject: string;
  text: string;
  html: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const CELL = 'padding:4px 8px;border-bottom:1px solid #e2e8f0;text-align:right';
const CELL_LEFT = 'padding:4px 8px;border-bottom:1px solid #e2e8f0;text-align:left';
const ARROW_COLOUR: Record<CardLine['arrow'], string> = { '▲': '#15803d', '▼': '#b91c1c', '–': '#64748b' };

/**
 * A report's email: the subject "<view name> — <period>", a plain-text body and a small HTML one with the same
 * content: the cards with their arrows, the top movers, what became of the records, the link to the view with
 * the period, and the recipient's unsubscribe link.
 */
export function renderReportEmail(input: ReportEmailInput): ReportEmail {
  const { content } = input;
  const subject = reportSubject(input.viewName, input.frequency, input.period);
  const cards = cardLines(content.stats);
  const comparedWith = COMPARED_WITH[input.frequency];
  const records = recordsSentence(content.records);
  const why = `You receive this because ${input.ownerName} scheduled "${input.viewName}" for you.`;

  const text = [
    subject,
    `Arrows compare with ${comparedWith}.`,
    `Open the view: ${input.viewUrl}`,
    [
      'Statistics',
      ...cards.map((line) =>
        line.share === null
          ? `${line.label}: ${count(line.count)} ${line.arrow} ${line.change} (${count(line.previousCount)} before)`
          : `${line.label}: ${count(line.count)}, ${percent(line.share)} ${line.arrow} ${line.change} (${percent(line.previousShare ?? 0)} before)${line.flagged ? ' ⚠' : ''}`,
      ),
    ].join('\n'),
    ...(content.movers.length > 0 ? [['Top movers', ...content.movers.flatMap((group) => [`${group.label}:`, ...group.movers.map((m) => `  ${moverSentence(m)}`)])].join('\n')] : []),
    ...(records ? [records] : []),
    `${why}\nUnsubscribe: ${input.unsubscribeUrl}`,
  ].join('\n\n');

  const cardRows = cards
    .map((line) => {
      const share = line.share === null ? '' : percent(line.share);
      const before = line.share === null ? count(line.previousCount) : percent(line.previousShare ?? 0);
      return `<tr><td style="${CELL_LEFT}">${escape(line.label)}${line.flagged ? ' ⚠' : ''}</td><td style="${CELL}">${count(line.count)}</td><td style="${CELL}">${share}</td><td style="${CELL};color:${ARROW_COLOUR[line.arrow]}">${line.arrow} ${escape(line.change)}</td><td style="${CELL}">${before}</td></tr>`;
    })
    .join('\n');
  const moverTables = content.movers
    .map(
      (group) =>
        `<h3 style="font-size:14px;margin:16px 0 4px">${escape(group.label)}</h3>\n<table style="border-collapse:collapse;font-size:13px">\n<tr><th style="${CELL_LEFT}">Name</th><th style="${CELL}">Calls</th><th style="${CELL}">Before</th><th style="${CELL}">Share</th><th style="${CELL}">Before</th></tr>\n${group.movers
          .map(
            (m) =>
              `<tr><td style="${CELL_LEFT}">${escape(m.name)}</td><td style="${CELL}">${count(m.calls)} <span style="color:${ARROW_COLOUR[arrowOf(m.calls, m.previousCalls)]}">${arrowOf(m.calls, m.previousCalls)}</span></td><td style="${CELL}">${count(m.previousCalls)}</td><td style="${CELL}">${percent(m.share)}</td><td style="${CELL}">${percent(m.previousShare)}</td></tr>`,
          )
          .join('\n')}\n</table>`,
    )
    .join('\n');
  const html = [
    `<div style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">`,
    `<h2 style="font-size:18px;margin:0 0 4px">${escape(subject)}</h2>`,
    `<p style="margin:0 0 12px;color:#475569">Arrows compare with ${comparedWith}. <a href="${escape(input.viewUrl)}">Open the view</a></p>`,
    `<table style="border-collapse:collapse;font-size:13px">`,
    `<tr><th style="${CELL_LEFT}">Card</th><th style="${CELL}">Calls</th><th style="${CELL}">Share</th><th style="${CELL}">Change</th><th style="${CELL}">Before</th></tr>`,
    cardRows,
    `</table>`,
    ...(content.movers.length > 0 ? [`<h2 style="font-size:16px;margin:20px 0 0">Top movers</h2>`, moverTables] : []),
    ...(records ? [`<p>${escape(records)}</p>`] : []),
    `<p style="font-size:12px;color:#64748b">${escape(why)} <a href="${escape(input.unsubscribeUrl)}">Unsubscribe</a></p>`,
    `</div>`,
  ].join('\n');
  return { subject, text, html };
}
