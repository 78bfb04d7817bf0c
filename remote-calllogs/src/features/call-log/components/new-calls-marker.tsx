import { ArrowUpIcon } from '@callboard/shared-ui/icons';
import { formatCount } from '@callboard/shared-ui/format';

export interface NewCallsMarkerProps {
  count: number;
  /** More may be waiting than were counted ("50+ new calls"). */
  orMore: boolean;
  onShow: () => void;
}

/**
 * Floats over the top of the rows while calls wait above the reader (who has
 * scrolled away): one click goes back to the top and takes them in.
 */
export function NewCallsMarker({ count, orMore, onShow }: NewCallsMarkerProps) {
  if (count === 0) return null;
  return (
    <div className="calllogs__marker-dock">
      <button type="button" className="calllogs__marker" onClick={onShow}>
        <ArrowUpIcon size={13} />
        {formatCount(count)}
        {orMore ? '+' : ''} new {count === 1 && !orMore ? 'call' : 'calls'}
      </button>
    </div>
  );
}
