import type { PublicUser } from '@callboard/contract';
import { useSession } from '@callboard/shared-auth/use-session';
import { Dropdown, type DropdownItem } from '@callboard/shared-ui/dropdown';
import { LinkIcon, LogoutIcon, UserIcon } from '@callboard/shared-ui/icons';
import { lazy, Suspense, useState } from 'react';
import { ProfileDialog } from '../profile/profile-dialog';
import { useSignOut } from './use-sign-out';

/** A partner's API keys: its own chunk, fetched when first opened (few accounts are partners, fewer open it). */
const ApiAccessDialog = lazy(() => import('../profile/api-access-dialog'));

/**
 * The account's name, trimmed. The user comes back from localStorage checked
 * only for being an object, so a missing or non-text name must not break the frame.
 */
function nameOf(user: PublicUser | null): string {
  return typeof user?.name === 'string' ? user.name.trim() : '';
}

/** The button reads "Profile" when the account has no name. */
export function displayName(user: PublicUser | null): string {
  return nameOf(user) || 'Profile';
}

/** Up to two initials, for the avatar placeholder. */
export function initials(user: PublicUser | null): string {
  const source = nameOf(user) || (typeof user?.email === 'string' ? user.email : '');
  const words = source.split(/[\s@._-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

function Avatar({ user }: { user: PublicUser | null }) {
  if (user?.avatar) return <img className="user-menu__avatar" src={user.avatar} alt="" aria-hidden="true" />;
  return (
    <span className="user-menu__avatar user-menu__avatar--initials" aria-hidden="true">
      {initials(user) || '?'}
    </span>
  );
}

/**
 * The header's account menu: the name (or "Profile") opens a menu
 * with the e-mail, shown disabled so it reads as information rather than an
 * action, Profile (the dialog where you change your own name, avatar and
 * password), for a partner API access (its read-only API keys), and Logout.
 */
export function UserMenu() {
  const { user } = useSession();
  const signOut = useSignOut();
  const [profileOpen, setProfileOpen] = useState(false);
  const [apiAccessOpen, setApiAccessOpen] = useState(false);
  const items: DropdownItem[] = [];
  if (typeof user?.email === 'string' && user.email !== '') items.push({ key: 'email', label: user.email, disabled: true });
  items.push({ key: 'profile', label: 'Profile', icon: <UserIcon size={14} />, onSelect: () => setProfileOpen(true), separatorBefore: items.length > 0 });
  if (user?.role === 'partner') items.push({ key: 'api-access', label: 'API access', icon: <LinkIcon size={14} />, onSelect: () => setApiAccessOpen(true) });
  items.push({ key: 'logout', label: 'Logout', icon: <LogoutIcon size={14} />, onSelect: signOut });

  return (
    <>
      <Dropdown
        label={<span className="user-menu__name">{displayName(user)}</span>}
        icon={<Avatar user={user} />}
        items={items}
        menuLabel="Account"
        align="end"
        variant="ghost"
        className="user-menu"
        triggerClassName="user-menu__trigger"
      />
      <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
      {apiAccessOpen ? (
        <Suspense fallback={null}>
          <ApiAccessDialog onClose={() => setApiAccessOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
