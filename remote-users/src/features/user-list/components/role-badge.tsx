import { ROLE_LABELS, type Role } from '@callboard/contract';
import { Badge, type BadgeTone } from '@callboard/shared-ui/badge';

/** One tone per role, so the table tells them apart at a glance: admins stand out, reviewers beside them, users quiet. */
export const ROLE_TONES: Record<Role, BadgeTone> = { admin: 'danger', reviewer: 'accent', user: 'info', partner: 'warning' };

/** A user's role as a badge in the users table. */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge tone={ROLE_TONES[role] ?? 'neutral'}>
      {ROLE_LABELS[role] ?? role}
    </Badge>
  );
}
