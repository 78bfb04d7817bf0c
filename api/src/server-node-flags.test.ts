import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-node-flags';

const root = path.resolve(__dirname, '..', '..');
const startScript = (pkg: string) => (JSON.parse(readFileSync(path.join(root, pkg), 'utf8')) as { scripts: { start: string } }).scripts.start;

describe('the server is started with its V8 flags', () => {
  test.each([
    ['npm start', 'package.json', /^node (.*) scripts\/start\.js$/],
    ["the api package's start", 'api/package.json', /^node (.*) dist\/server\.js$/],
  ])('%s', (_name, pkg, shape) => {
    const flags = shape.exec(startScript(pkg))?.[1]?.split(' ');
    expect(flags).toEqual([...SERVER_NODE_FLAGS]);
  });
});
