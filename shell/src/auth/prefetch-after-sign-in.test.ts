import { remoteFor } from './prefetch-after-sign-in';

test.each([
  ['/reporting', 'remote_reporting'],
  ['/reporting?datePreset=today&page=2', 'remote_reporting'],
  ['/reporting/calls/42#top', 'remote_reporting'],
  ['/callLogs', 'remote_calllogs'],
  ['/users?page=2', 'remote_users'],
])('the area that shows %s is %s', (target, remote) => {
  expect(remoteFor(target)).toBe(remote);
});

test.each(['/unauthorized', '/reportingx', '/', '/users-old'])('%s is shown by no remote', (target) => {
  expect(remoteFor(target)).toBeUndefined();
});
