import { copyText } from '@callboard/shared-ui/copy-text';
import { LinkIcon } from '@callboard/shared-ui/icons';
import toast from 'react-hot-toast';

/**
 * Copies the address of what this tab shows. On Reporting and Call Logs the
 * address holds the applied filters (the areas keep it in step), so a
 * colleague who opens the link sees the same view. An icon only, named for
 * screen readers and with a tooltip, to keep the top bar quiet.
 */
export function CopyLinkButton() {
  const copy = async () => {
    const url = window.location.href;
    if (await copyText(url)) toast.success('Link copied');
    else toast.error(`The link could not be copied; copy it from the address bar: ${url}`);
  };
  return (
    <button type="button" className="top-bar__button top-bar__icon-button" aria-label="Copy link" title="Copy link" onClick={() => void copy()}>
      <LinkIcon size={14} />
    </button>
  );
}
