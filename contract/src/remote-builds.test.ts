import { parseRemoteBuildId, parseRemoteBuildPointer, remoteBuildId, remoteBuildsToPrune } from './remote-builds';

describe('build folder names', () => {
  test.each([
    ['1.0.0-0123456789', '1.0.0', '0123456789'],
    ['12.40.3-abcdefabcd', '12.40.3', 'abcdefabcd'],
    ['1.2.0-beta.1-0123456789', '1.2.0-beta.1', '0123456789'],
    ['1.2.0-rc-2-fedcba9876', '1.2.0-rc-2', 'fedcba9876'],
  ])('%s is version %s, hash %s', (name, version, hash) => {
    expect(parseRemoteBuildId(name)).toEqual({ id: name, version, hash });
  });

  test.each([
    'current.json',
    '.staging-123-abc',
    '1.0.0',
    '1.0-0123456789',
    '01.0.0-0123456789',
    '1.0.0-012345678',
    '1.0.0-01234567890',
    '1.0.0-ABCDEFABCD',
    '1.0.0-..-0123456789',
    '1.0.0-a/b-0123456789',
    '1.0.0+build-0123456789',
    '../1.0.0-0123456789',
  ])('%s is not a build folder', (name) => {
    expect(parseRemoteBuildId(name)).toBeUndefined();
  });

  test('a version and a content hash make a folder name, cut to 10 lowercase digits', () => {
    expect(remoteBuildId('1.4.2', 'ABCDEF0123456789abcdef')).toBe('1.4.2-abcdef0123');
    expect(() => remoteBuildId('latest', '0123456789')).toThrow('"latest" and "0123456789" do not make a build folder name');
    expect(() => remoteBuildId('1.0.0', 'xyz')).toThrow('do not make a build folder name');
  });
});

describe('the pointer', () => {
  test('names one build folder', () => {
    expect(parseRemoteBuildPointer({ build: '1.0.0-0123456789', other: 1 })).toEqual({ build: '1.0.0-0123456789' });
  });

  test.each([
    [null, 'current.json is not an object'],
    [['1.0.0-0123456789'], 'current.json is not an object'],
    [{}, 'current.json: "build" must name a build folder (<semver>-<10 hex digits>), got undefined'],
    [{ build: '../../etc' }, 'got "../../etc"'],
    [{ build: 42 }, 'got 42'],
  ])('%p is refused', (value, message) => {
    expect(() => parseRemoteBuildPointer(value)).toThrow(message);
  });
});

describe('pruning', () => {
  const build = (n: number) => ({ id: `1.0.${n}-000000000${n}`, installedAt: 1000 + n });

  test('keeps the five most recently installed', () => {
    const builds = [3, 1, 7, 5, 2, 6, 4].map(build);
    expect(remoteBuildsToPrune(builds, build(7).id).sort()).toEqual([build(1).id, build(2).id]);
  });

  test('never deletes the current build, even an old one pointed back at', () => {
    const builds = [1, 2, 3, 4, 5, 6, 7].map(build);
    expect(remoteBuildsToPrune(builds, build(1).id).sort()).toEqual([build(2).id]);
  });

  test('nothing to do with five or fewer', () => {
    expect(remoteBuildsToPrune([1, 2, 3, 4, 5].map(build), undefined)).toEqual([]);
    expect(remoteBuildsToPrune([], undefined)).toEqual([]);
  });

  test('builds installed in the same millisecond are ordered by name, so the outcome does not depend on the listing', () => {
    const same = ['1.0.0-000000000a', '1.0.0-000000000b', '1.0.0-000000000c'].map((id) => ({ id, installedAt: 5 }));
    expect(remoteBuildsToPrune(same, undefined, 2)).toEqual(['1.0.0-000000000a']);
    expect(remoteBuildsToPrune([...same].reverse(), undefined, 2)).toEqual(['1.0.0-000000000a']);
  });
});
