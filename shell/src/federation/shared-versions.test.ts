import { IncompatibleSharedError } from './incompatible-shared-error';
import { packageOf, sharedVersionConflicts } from './shared-versions';

/** The shell's shared modules as the runtime registers them (and one another remote added). */
const singleton = { singleton: true };
const hostShared = {
  react: [{ version: '19.3.1', from: 'shell', shareConfig: singleton }],
  'react/jsx-runtime': [{ version: '19.3.1', from: 'shell', shareConfig: singleton }],
  '@callboard/shared-auth/session': [
    { version: '1.4.0', from: 'shell', shareConfig: singleton },
    { version: '1.5.0', from: 'remote_reporting', shareConfig: singleton },
  ],
  '@callboard/shared-ui/button': [{ version: '1.2.0', from: 'shell', shareConfig: singleton }],
  'left-pad': [{ version: '1.0.0', from: 'shell', shareConfig: { singleton: false } }],
};
const shared = (name: string, requiredVersion: string | false, isSingleton?: boolean) => ({ name, requiredVersion, singleton: isSingleton });

test('packages of shared keys', () => {
  expect(packageOf('@callboard/shared-ui/button')).toBe('@callboard/shared-ui');
  expect(packageOf('@callboard/contract')).toBe('@callboard/contract');
  expect(packageOf('react/jsx-runtime')).toBe('react');
  expect(packageOf('react')).toBe('react');
});

test('ranges the shell satisfies are no conflict, subpaths judged by their package', () => {
  expect(
    sharedVersionConflicts('shell', hostShared, [
      shared('react', '19.3.1'),
      shared('@callboard/shared-auth/use-session', '^1.0.0'),
      shared('@callboard/shared-ui/table', '^1.2.0'),
    ]),
  ).toEqual([]);
});

test('another major of a singleton is a conflict naming the package and both versions (the shell\'s own version counts)', () => {
  expect(
    sharedVersionConflicts('shell', hostShared, [
      shared('@callboard/shared-auth/session', '^2.0.0'),
      shared('@callboard/shared-auth/use-session', '^2.0.0'),
      shared('@callboard/shared-ui/button', '^1.3.0'),
      shared('react', '19.3.1'),
    ]),
  ).toEqual([
    { packageName: '@callboard/shared-auth', requiredVersion: '^2.0.0', providedVersion: '1.4.0' },
    { packageName: '@callboard/shared-ui', requiredVersion: '^1.3.0', providedVersion: '1.2.0' },
  ]);
});

test('a subpath the manifest does not mark (a prefix key) is a singleton when the shell keeps it one', () => {
  expect(sharedVersionConflicts('shell', hostShared, [shared('@callboard/shared-auth/use-session', '^2.0.0', undefined)])).toEqual([
    { packageName: '@callboard/shared-auth', requiredVersion: '^2.0.0', providedVersion: '1.4.0' },
  ]);
});

test('what is a singleton on neither side, has no range, or is not shared by the shell is left to Module Federation', () => {
  expect(
    sharedVersionConflicts('shell', hostShared, [
      shared('left-pad', '^9.0.0'),
      shared('@callboard/shared-ui/button', false),
      shared('@callboard/shared-ui/button', '*'),
      shared('right-pad', '^9.0.0', true),
    ]),
  ).toEqual([]);
  expect(sharedVersionConflicts('shell', hostShared, [shared('left-pad', '^9.0.0', true)])).toHaveLength(1);
});

test('the error names the remote, each package and both versions', () => {
  const error = new IncompatibleSharedError('remote_users', [
    { packageName: '@callboard/shared-auth', requiredVersion: '^2.0.0', providedVersion: '1.4.0' },
    { packageName: '@callboard/shared-ui', requiredVersion: '^3.0.0', providedVersion: '1.2.0' },
  ]);
  expect(error.message).toBe(
    'remote_users needs @callboard/shared-auth ^2.0.0, @callboard/shared-ui ^3.0.0, but this page provides @callboard/shared-auth 1.4.0, @callboard/shared-ui 1.2.0',
  );
  expect(error.name).toBe('IncompatibleSharedError');
});
