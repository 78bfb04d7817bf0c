import { UserIcon } from '@callboard/shared-ui/icons';
import { useState } from 'react';

/**
 * The avatar image, or a placeholder icon when there is none or it fails to
 * load (a dead link must not leave a broken-image glyph in the table).
 * Decorative: the name beside it says who it is.
 */
export function UserAvatar({ src }: { src: string | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (src && failed !== src) {
    return <img className="users-avatar" src={src} alt="" loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(src)} />;
  }
  return (
    <span className="users-avatar users-avatar--placeholder" data-testid="avatar-placeholder" aria-hidden="true">
      <UserIcon size={14} />
    </span>
  );
}
