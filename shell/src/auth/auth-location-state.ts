/**
 * What the auth screens pass each other in the router's location state. The
 * state survives reloads and can be anything another page put there, so it is
 * read defensively rather than cast.
 */

/** Registration hands the entered email to the login screen, so the person need not type it again. */
export interface LoginArrivalState {
  email?: string;
  /** Where the guard was sending the person before they detoured through registration. */
  from?: unknown;
}

export function emailFromState(state: unknown): string {
  const email = isRecord(state) ? state.email : undefined;
  return typeof email === 'string' ? email : '';
}

/**
 * The guard's remembered location, kept as it was so shared-auth's
 * redirectTarget can judge it; undefined when there is none.
 */
export function rememberedFrom(state: unknown): unknown {
  return isRecord(state) ? state.from : undefined;
}

/** The state to carry between /login and /register, so the remembered location outlives the detour. */
export function carryFrom(state: unknown): { from: unknown } | undefined {
  const from = rememberedFrom(state);
  return from === undefined ? undefined : { from };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
