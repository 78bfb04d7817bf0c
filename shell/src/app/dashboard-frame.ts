import lazyWithPreload from 'react-lazy-with-preload';

/**
 * The signed-in frame, loaded after /login has painted, so /login downloads only what it shows. The
 * sign-in screen preloads it while the person types (auth/prefetch-after-sign-in.ts); once preloaded
 * it renders at once, where a plain lazy() would suspend for a turn and flash its loading status.
 */
export const DashboardLayout = lazyWithPreload(() => import('../layout/dashboard-layout'));
