import { randomBytes } from 'node:crypto';

/** 32 letters and digits without i, l, o and u, so a password read off a terminal is typed back right. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/**
 * A new password for the demo admin: 16 random characters (80 bits) in four groups,
 * `k3m9-x2pq-7rtv-h4nz`. Generated at the first start, so no two installations share one
 * and none is written in the source or the documentation.
 */
export function newDemoPassword(): string {
  // 32 symbols: each byte's low 5 bits pick one uniformly.
  const characters = [...randomBytes(GROUPS * GROUP_LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length] as string);
  const groups: string[] = [];
  for (let i = 0; i < characters.length; i += GROUP_LENGTH) groups.push(characters.slice(i, i + GROUP_LENGTH).join(''));
  return groups.join('-');
}

/** A password nobody is told, for demo accounts no one should sign in as until an admin sets one. */
export function unknowablePassword(): string {
  return randomBytes(24).toString('base64url');
}
