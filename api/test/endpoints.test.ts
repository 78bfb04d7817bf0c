import {
  API_PATHS,
  callDispositionPath,
  callRecordPath,
  FILTER_DIMENSIONS,
  filterOptionsPath,
  paymentPath,
  restoreVerdictPath,
  undoChangePath,
  userPath,
} from '@callboard/contract';
import { buildTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

/** The methods a path answers (anything but the router's 404; no credentials are sent, so nothing runs). */
async function methodsServed(url: string): Promise<string[]> {
  const served: string[] = [];
  for (const method of METHODS) {
    const response = await t.app.inject({ method, url });
    if (response.statusCode !== 404) served.push(method);
  }
  return served;
}

// The front end calls exactly these paths (contract/src/endpoints.ts); each must be a route of this API.
const FRONT_END_PATHS = [
  ...Object.values(API_PATHS),
  callRecordPath('1'),
  callDispositionPath('1'),
  restoreVerdictPath('1'),
  undoChangePath('00000000-0000-4000-8000-000000000000'),
  paymentPath('1'),
  userPath('1'),
  ...FILTER_DIMENSIONS.map(filterOptionsPath),
];

test.each(FRONT_END_PATHS)('%s is a route of the API', async (url) => {
  expect(await methodsServed(url)).not.toEqual([]);
});
