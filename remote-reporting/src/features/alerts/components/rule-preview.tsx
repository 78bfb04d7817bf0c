import { ALERT_PREVIEW_DAYS, type AlertMetric, type AlertPreview, type AlertPreviewBody } from '@callboard/contract/alerts';
import { isApiError } from '@callboard/shared-auth/api-error';
import { useAreaBase } from '@callboard/shared-ui/area-tabs';
import { Button } from '@callboard/shared-ui/button';
import { formatCount, formatCountOf, formatPercent, formatShortDateTime } from '@callboard/shared-ui/format';
import { Spinner } from '@callboard/shared-ui/spinner';
import { useId, useState } from 'react';
import { areaLink, durationText, figuresText, minutesBetween } from '../alert-text';
import { ALERTS_TEXT, useAlertPreview } from '../api/alerts-api';

/** Firings listed before "Show all": the latest, newest first. */
const FIRINGS_SHOWN = 8;

interface RulePreviewProps {
  /** The rule as the form holds it once it has settled, without its name; null while it has problems (nothing is asked). */
  body: AlertPreviewBody | null;
  /** What the form still needs, said instead of a preview. */
  problem: string | null;
}

/**
 * Before a rule is saved: how often it would have fired over the last 30 days, judged minute by minute as
 * evaluation judges it (POST /api/alerts/preview), and when: a strip of the 30 days with each firing marked, and
 * the latest firings with the figures they fired on, each opening its calls in a new tab (the form stays as it is).
 * Asked again whenever the settled form changes; the last
 * answer stays, marked as refreshing, until the next arrives.
 */
export function RulePreview({ body, problem }: RulePreviewProps) {
  const headingId = useId();
  const preview = useAlertPreview(body);
  const answer = body === null ? undefined : preview.data?.data;
  const refreshing = body !== null && preview.isValidating;

  // What a screen reader is told as the preview changes: the count, or why there is none (not the whole list).
  const announcement = body === null ? (problem ?? '') : answer ? firingSummary(answer) : '';

  let content;
  if (body === null) {
    content = <p className="alert-preview__note">{problem ?? 'Complete the rule to see how often it would have fired.'}</p>;
  } else if (preview.error && !preview.isValidating) {
    content = <PreviewError error={preview.error} />;
  } else if (!answer) {
    content = (
      <p className="alert-preview__note">
        <Spinner size="xs" decorative /> Replaying the last {ALERT_PREVIEW_DAYS} days…
      </p>
    );
  } else {
    content = <PreviewFigures preview={answer} metric={body.metric} />;
  }

  return (
    <section className="alert-preview" aria-labelledby={headingId} aria-busy={refreshing || undefined}>
      <div className="alert-preview__header">
        <h3 id={headingId} className="alert-preview__title">
          Preview: the last {ALERT_PREVIEW_DAYS} days
        </h3>
        {refreshing && answer ? <Spinner size="xs" label="Refreshing the preview" /> : null}
      </div>
      {content}
      <p className="cb-sr-only" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

function firingSummary(preview: AlertPreview): string {
  return preview.firingCount === 0
    ? `It would not have fired in the last ${ALERT_PREVIEW_DAYS} days.`
    : `It would have fired ${formatCountOf(preview.firingCount, 'time')} in the last ${ALERT_PREVIEW_DAYS} days.`;
}

function PreviewError({ error }: { error: Error }) {
  const problems = isApiError(error) ? (error.errors ?? []).map((item) => item.message) : [];
  return (
    <div className="alert-preview__error" role="alert">
      <p>{isApiError(error) && error.status !== undefined ? error.message : ALERTS_TEXT.previewFailed}</p>
      {problems.length > 0 ? (
        <ul>
          {problems.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function PreviewFigures({ preview, metric }: { preview: AlertPreview; metric: AlertMetric }) {
  const base = useAreaBase();
  const [showAll, setShowAll] = useState(false);
  const newestFirst = [...preview.firings].reverse();
  const shown = showAll ? newestFirst : newestFirst.slice(0, FIRINGS_SHOWN);
  const noDataShare = preview.minutes > 0 ? (preview.noDataMinutes / preview.minutes) * 100 : 0;
  return (
    <div className="cb-stack cb-stack--sm">
      <p className="alert-preview__count">{firingSummary(preview)}</p>
      <p className="alert-preview__note">
        No data for {formatPercent(noDataShare, 1)} of the {formatCount(preview.minutes)} minutes judged (too few calls, or outside its hours).
      </p>
      <FiringStrip preview={preview} />
      {preview.firingCount > preview.firings.length ? (
        <p className="alert-preview__note">The latest {formatCount(preview.firings.length)} are listed.</p>
      ) : null}
      {shown.length > 0 ? (
        <ol className="alert-preview__firings" aria-label="Firings, newest first">
          {shown.map((firing) => (
            <li key={firing.firedAt} className="alert-preview__firing">
              <span className="alert-preview__when">
                {formatShortDateTime(firing.firedAt)}
                {' · '}
                {firing.endedAt === null ? 'still firing' : `for ${durationText(minutesBetween(firing.firedAt, firing.endedAt))}`}
              </span>
              <span className="alert-preview__figure">{figuresText(metric, firing.figures)}</span>
              <a className="cb-link" href={hrefOf(areaLink(firing.link, base))} target="_blank" rel="noopener noreferrer">
                Open its calls<span className="cb-sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ol>
      ) : null}
      {newestFirst.length > FIRINGS_SHOWN ? (
        <Button size="sm" variant="ghost" onClick={() => setShowAll((all) => !all)} aria-expanded={showAll}>
          {showAll ? 'Show fewer' : `Show all ${formatCount(newestFirst.length)}`}
        </Button>
      ) : null}
    </div>
  );
}

const hrefOf = ({ pathname, search }: { pathname: string; search: string }) => `${pathname}${search}`;

/**
 * The 30 days as a strip, oldest at the left, each firing a mark from when it fired to when it ended (at least a
 * sliver, so a one-minute firing shows). Drawn for the eye; the list below says the same in words.
 */
function FiringStrip({ preview }: { preview: AlertPreview }) {
  const from = Date.parse(preview.from);
  const span = Math.max(1, Date.parse(preview.to) - from);
  const at = (instant: string) => Math.min(100, Math.max(0, ((Date.parse(instant) - from) / span) * 100));
  return (
    <div className="alert-preview__strip-wrap" aria-hidden="true">
      <div className="alert-preview__strip">
        {preview.firings.map((firing) => {
          const left = at(firing.firedAt);
          const right = firing.endedAt === null ? 100 : at(firing.endedAt);
          return <span key={firing.firedAt} className="alert-preview__mark" style={{ left: `${left}%`, width: `max(2px, ${right - left}%)` }} />;
        })}
      </div>
      <div className="alert-preview__axis">
        <span>{formatShortDateTime(preview.from)}</span>
        <span>now</span>
      </div>
    </div>
  );
}
