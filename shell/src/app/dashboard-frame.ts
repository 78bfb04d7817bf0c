import lazyWithPreload from 'react-lazy-with-preload';

const signedInFrame = () => import('./signed-in-frame');

/**
 * The boundary that loads an area's remote (federation/remote-area.tsx), from the signed-in chunk. It
 * is always preloaded with the frame (below), so it renders at once inside it instead of suspending
 * the frame for a turn.
 */
export const RemoteArea = lazyWithPreload(() => signedInFrame().then((frame) => ({ default: frame.RemoteArea })));

/**
 * The signed-in frame, loaded after /login has painted, so /login downloads only what it shows. The
 * sign-in screen preloads it while the person types (auth/prefetch-after-sign-in.ts); once preloaded
 * it renders at once, where a plain lazy() would suspend for a turn and flash its loading status.
 */
export const DashboardLayout = lazyWithPreload(() => {
  void RemoteArea.preload();
  return signedInFrame().then((frame) => ({ default: frame.DashboardLayout }));
});
