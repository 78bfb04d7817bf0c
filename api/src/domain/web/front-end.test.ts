import { existsSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from '@callboard/contract';
import { DEFAULT_WEB_ROOT, frontEndFolders } from './front-end';

// DEFAULT_WEB_ROOT is a path relative to this file: moving the file must not quietly point it elsewhere.
test('the default web root is the repository root, holding the shell and every remote', () => {
  expect(existsSync(path.join(DEFAULT_WEB_ROOT, 'shell', 'package.json'))).toBe(true);
  for (const remote of REMOTES) expect(existsSync(path.join(DEFAULT_WEB_ROOT, remote.folder, 'package.json'))).toBe(true);
  expect(frontEndFolders(DEFAULT_WEB_ROOT).shell).toBe(path.join(DEFAULT_WEB_ROOT, 'shell', 'dist'));
});
