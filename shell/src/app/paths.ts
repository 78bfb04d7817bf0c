import { LOGIN_SCREEN, remoteNamed } from '@callboard/contract';

/**
 * The shell's route table, typed, so links are never built from strings by
 * hand. The areas' routes come from the remote registry (contract), which the
 * API and the build read too.
 */
export const paths = {
  root: '/',
  // The API serves this route's prerendered page (contract's first screens).
  login: LOGIN_SCREEN.path,
  register: '/register',
  reporting: remoteNamed('reporting').route,
  callLogs: remoteNamed('calllogs').route,
  users: remoteNamed('users').route,
  unauthorized: '/unauthorized',
} as const;
