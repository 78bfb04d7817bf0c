/** The route table of spec §2, typed, so links are never built from strings by hand. */
export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  reporting: '/reporting',
  callLogs: '/callLogs',
  users: '/users',
  unauthorized: '/unauthorized',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
