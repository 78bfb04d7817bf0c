import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildTestApp, type TestApp } from './support/test-app';

const INDEX_HTML = '<!doctype html><html><head><meta charset="utf-8"><script defer src="main.0123456789.js"></script></head><body><div id="root"></div></body></html>';
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A Content-Security-Policy header as directive → sources. */
function policy(header: unknown): Record<string, string[]> {
  const entries = String(header)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name)
    .map(([name, ...sources]) => [name, sources]);
  return Object.fromEntries(entries);
}

const OLD_BUILD = '1.0.0-aaaaaaaaaa';
const CURRENT_BUILD = '1.1.0-0123456789';
const SOURCE_MAP_BODY = '{"version":3,"sources":["webpack://shell/./src/secret.ts"]}';
const SHELL_SOURCE_MAPS = ['main.0123456789.js.map', 'main.abcdef0123.css.map', 'main.0123456789.js.map.gz', 'main.0123456789.js.map.br'];

/** A fake build: what webpack leaves in shell/dist and remote-*\/dist. */
function fakeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'callboard-web-'));
  const write = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), body);
  };
  write('shell/dist/index.html', INDEX_HTML);
  write('shell/dist/main.0123456789.js', 'console.log("shell")');
  write('shell/dist/main.abcdef0123.css', 'body{}');
  // Source maps, as a production build leaves them on disk (hidden: no comment in the scripts points at them).
  for (const file of SHELL_SOURCE_MAPS) write(`shell/dist/${file}`, SOURCE_MAP_BODY);
  for (const name of ['reporting', 'calllogs', 'users']) {
    // Two kept builds, the pointer naming the newer, and a build still being written.
    for (const build of [OLD_BUILD, CURRENT_BUILD]) {
      const dist = `remote-${name}/dist/${build}`;
      write(`${dist}/remoteEntry.js`, `var remote_${name}; /* ${build} */`);
      write(`${dist}/remoteEntry.js.map`, SOURCE_MAP_BODY);
      write(`${dist}/mf-manifest.json`, JSON.stringify({ name: `remote_${name}`, build }));
      write(`${dist}/src_App_tsx.fedcba9876.js`, `/* ${name} chunk of ${build} */`);
      write(`${dist}/src_App_tsx.fedcba9876.js.map`, SOURCE_MAP_BODY);
      write(`${dist}/index.html`, `<!doctype html><title>${name} ${build}</title>`);
    }
    write(`remote-${name}/dist/${OLD_BUILD}/src_Old_tsx.0a0a0a0a0a.js`, `/* ${name}: a chunk only the old build has */`);
    write(`remote-${name}/dist/current.json`, JSON.stringify({ build: CURRENT_BUILD }));
    write(`remote-${name}/dist/.staging-1-abcdef01/remoteEntry.js`, '/* half written */');
    write(`remote-${name}/dist/stray.0123456789.js`, '/* not in a build folder */');
  }
  return root;
}

let webRoot: string;
let t: TestApp;
beforeAll(async () => {
  webRoot = fakeWebRoot();
  t = await buildTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('the shell and its client routes', () => {
  test.each(['/', '/index.html', '/reporting', '/users?x=1', '/call-logs/2024/details', '/reporting/calls/42', '/callLogs/calls/42?from=mail'])('%s gets the shell page, revalidated on every use', async (url) => {
    const response = await t.app.inject({ url, headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root"></div>');
  });

  test('/ is the page whatever the Accept header', async () => {
    const response = await t.app.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  test("the page hands this response's style nonce to the toaster's <style>, and the policy allows only it", async () => {
    const response = await t.app.inject({ url: '/', headers: HTML });
    const csp = String(response.headers['content-security-policy']);
    const scriptNonce = /script-src [^;]*'nonce-([0-9a-f]+)'/.exec(csp)?.[1];
    const styleNonce = /style-src [^;]*'nonce-([0-9a-f]+)'/.exec(csp)?.[1];
    expect(scriptNonce).toBeDefined();
    expect(styleNonce).toBeDefined();
    expect(response.body).toContain(`<head><script nonce="${scriptNonce}">window.__nonce__="${styleNonce}"</script>`);
    expect(csp).not.toContain('unsafe-inline');
    const again = await t.app.inject({ url: '/', headers: HTML });
    expect(again.headers['content-security-policy']).not.toContain(scriptNonce);
  });

  test('a client route without an HTML Accept header is a JSON 404', async () => {
    const response = await t.app.inject({ url: '/reporting', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  test('hashed assets are kept for a year', async () => {
    const js = await t.app.inject('/main.0123456789.js');
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log("shell")');
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe(IMMUTABLE);
    expect((await t.app.inject('/main.abcdef0123.css')).headers['cache-control']).toBe(IMMUTABLE);
  });

  test('an unknown asset is a JSON 404, never the page', async () => {
    const response = await t.app.inject({ url: '/static.xyz.js', headers: HTML });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'No route for GET /static.xyz.js' });
  });

  test('a path outside the folder is refused', async () => {
    const response = await t.app.inject({ url: '/..%2f..%2fetc%2fpasswd.txt', headers: HTML });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });

  test('unknown /api, /remotes and /recordings paths keep their JSON answer, even for a browser', async () => {
    for (const url of ['/api/nope', '/api', '/remotes/unknown/remoteEntry.js', '/remotes', '/recordings']) {
      const response = await t.app.inject({ url, headers: HTML });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    // A recording without its signed link is refused before anything is looked up.
    const recording = await t.app.inject({ url: '/recordings/nope', headers: HTML });
    expect(recording.statusCode).toBe(401);
    expect(recording.json().code).toBe('UNAUTHENTICATED');
    expect((await t.app.inject('/api/nope')).json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'No route for GET /api/nope' });
  });

  test('other methods on a client route are a JSON 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/reporting', headers: HTML });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('a first screen the build prerendered', () => {
  // What the shell's build writes for /login (scripts/webpack/first-screen-plugin.js): the form in #root,
  // its stylesheet and its early-input script inline.
  const LOGIN_HTML =
    '<!doctype html><html><head><script defer src=/main.0123456789.js></script><script>holdEarlyInput()</script><style>.auth{}</style></head>' +
    '<body><div id="root" data-first-screen="/login"><form class=auth__form></form></div></body></html>';
  let prerendered: TestApp;
  let root: string;
  /** The server's log, request lines included. */
  const logged: string[] = [];
  beforeAll(async () => {
    root = fakeWebRoot();
    writeFileSync(path.join(root, 'shell/dist/login.html'), LOGIN_HTML);
    prerendered = await buildTestApp({ database: t.database, webRoot: root, logLevel: 'info', logStream: { write: (line) => logged.push(line) } });
  });
  afterAll(async () => {
    await prerendered.app.close();
    rmSync(root, { recursive: true, force: true });
  });

  test("/login gets its prerendered page, whose inline style and script carry this response's nonces", async () => {
    const response = await prerendered.app.inject({ url: '/login', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const csp = String(response.headers['content-security-policy']);
    const scriptNonce = /script-src [^;]*'nonce-([0-9a-f]+)'/.exec(csp)?.[1];
    const styleNonce = /style-src [^;]*'nonce-([0-9a-f]+)'/.exec(csp)?.[1];
    expect(response.body).toContain('<div id="root" data-first-screen="/login"><form class=auth__form></form></div>');
    expect(response.body).toContain(`<script nonce="${scriptNonce}">holdEarlyInput()</script><style nonce="${styleNonce}">.auth{}</style>`);
    // A script with a source is allowed by 'self' and gets no nonce.
    expect(response.body).toContain('<script defer src=/main.0123456789.js></script>');
    expect(csp).not.toContain('unsafe-inline');
  });

  test('the page goes compressed to a browser that accepts it, nonces and all; the API answers stay as they were', async () => {
    // A page the size of the real one (25 KB), well past the size below which nothing is compressed.
    const form = `<form class=auth__form>${'<p class=auth__value>Every call scored by AI quality control</p>'.repeat(400)}</form>`;
    writeFileSync(path.join(root, 'shell/dist/login.html'), LOGIN_HTML.replace('<form class=auth__form></form>', form));
    try {
      for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
        const response = await prerendered.app.inject({ url: '/login', headers: { ...HTML, 'accept-encoding': `${encoding}` } });
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
        const page = decode(response.rawPayload).toString('utf8');
        const scriptNonce = /script-src [^;]*'nonce-([0-9a-f]+)'/.exec(String(response.headers['content-security-policy']))?.[1];
        expect(page).toContain(`<script nonce="${scriptNonce}">holdEarlyInput()</script>`);
        expect(page).toContain(form);
        expect(response.rawPayload.length).toBeLessThan(page.length / 10);
      }
      const plain = await prerendered.app.inject({ url: '/login', headers: HTML });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain(form);
      // An answer well past the size compression starts at (the OpenAPI document, tens of KB).
      const api = await prerendered.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
      expect(api.statusCode).toBe(200);
      expect(api.body.length).toBeGreaterThan(10_000);
      expect(api.headers['content-encoding']).toBeUndefined();
    } finally {
      writeFileSync(path.join(root, 'shell/dist/login.html'), LOGIN_HTML);
    }
  });

  test('the page is never served as its file, where it would have no nonces: /login.html goes to /login, its query left behind', async () => {
    for (const url of ['/login.html', '/login.html?email=ada%40example.com&password=hunter2-secret']) {
      for (const headers of [HTML, {}]) {
        const response = await prerendered.app.inject({ url, headers });
        expect([url, response.statusCode, response.headers.location]).toEqual([url, 301, '/login']);
        expect(response.body).not.toContain('holdEarlyInput');
      }
    }
  });

  test('the form sent by the browser itself (no JavaScript) is a POST: sent back to the page, its body never read, echoed or logged', async () => {
    logged.length = 0;
    const secret = 'hunter2-secret';
    const form = { 'content-type': 'application/x-www-form-urlencoded', ...HTML };
    const response = await prerendered.app.inject({ method: 'POST', url: '/login', headers: form, payload: `email=ada%40example.com&password=${secret}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login');
    expect(response.body).not.toContain(secret);
    expect(logged.some((line) => line.includes('"url":"/login"'))).toBe(true);
    expect(logged.filter((line) => line.includes(secret) || line.includes('ada'))).toEqual([]);
    // The page it is sent back to is the prerendered one, with its nonces.
    const page = await prerendered.app.inject({ url: response.headers.location as string, headers: HTML });
    expect(page.body).toMatch(/<script nonce="[0-9a-f]+">holdEarlyInput\(\)<\/script>/);
  });

  test('every other client route still gets the bare index.html', async () => {
    for (const url of ['/', '/reporting', '/register', '/login/more']) {
      const response = await prerendered.app.inject({ url, headers: HTML });
      expect([url, response.body]).toEqual([url, expect.stringContaining('<div id="root"></div>')]);
    }
  });

  test('a build from before the prerendering serves /login with index.html', async () => {
    const response = await t.app.inject({ url: '/login', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });
});

describe('the remotes', () => {
  test.each(['reporting', 'calllogs', 'users'])('%s: every file of every kept build is kept for a year, and any origin may load it', async (name) => {
    for (const build of [CURRENT_BUILD, OLD_BUILD]) {
      for (const file of ['remoteEntry.js', 'mf-manifest.json', 'src_App_tsx.fedcba9876.js', '']) {
        const response = await t.app.inject({ url: `/remotes/${name}/${build}/${file}`, headers: { origin: 'https://elsewhere.example' } });
        expect([file, response.statusCode]).toEqual([file, 200]);
        expect(response.headers['cache-control']).toBe(IMMUTABLE);
        expect(response.headers['access-control-allow-origin']).toBe('*');
      }
      expect((await t.app.inject(`/remotes/${name}/${build}/remoteEntry.js`)).body).toBe(`var remote_${name}; /* ${build} */`);
      expect((await t.app.inject(`/remotes/${name}/${build}/`)).body).toContain(`<title>${name} ${build}</title>`);
    }
    // A tab that loaded the older entry still gets the chunks it has not asked for yet.
    const old = await t.app.inject(`/remotes/${name}/${OLD_BUILD}/src_Old_tsx.0a0a0a0a0a.js`);
    expect(old.statusCode).toBe(200);
    expect(old.body).toContain('a chunk only the old build has');
  });

  test('nothing outside a kept build is served: the pointer, a build being written, a stray file, a made-up build', async () => {
    for (const url of [
      '/remotes/users/current.json',
      '/remotes/users/.staging-1-abcdef01/remoteEntry.js',
      '/remotes/users/stray.0123456789.js',
      '/remotes/users/remoteEntry.js',
      '/remotes/users/9.9.9-9999999999/remoteEntry.js',
      `/remotes/users/${CURRENT_BUILD}/../current.json`,
      `/remotes/users/${CURRENT_BUILD}/..%2fcurrent.json`,
    ]) {
      const response = await t.app.inject({ url, headers: HTML });
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
  });

  test('source maps are not published: a JSON 404, as if the build had none', async () => {
    const urls = [
      ...SHELL_SOURCE_MAPS.map((file) => `/${file}`),
      '/MAIN.0123456789.JS.MAP',
      '/main.0123456789.js.%6Dap',
      '/main.0123456789.js%2Emap',
      ...['reporting', 'calllogs', 'users'].flatMap((name) => [
        `/remotes/${name}/${CURRENT_BUILD}/remoteEntry.js.map`,
        `/remotes/${name}/${OLD_BUILD}/src_App_tsx.fedcba9876.js.map`,
        `/remotes/${name}/${CURRENT_BUILD}/./remoteEntry.js.%6Dap`,
      ]),
    ];
    for (const url of urls) {
      for (const headers of [HTML, { 'accept-encoding': 'br, gzip' }]) {
        const response = await t.app.inject({ url, headers });
        expect([url, response.statusCode]).toEqual([url, 404]);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.body).not.toContain('secret.ts');
      }
    }
    // The scripts they belong to are served as before.
    expect((await t.app.inject('/main.0123456789.js')).statusCode).toBe(200);
    expect((await t.app.inject(`/remotes/users/${CURRENT_BUILD}/src_App_tsx.fedcba9876.js`)).statusCode).toBe(200);
  });

  test('a file a build does not have is a JSON 404', async () => {
    const response = await t.app.inject({ url: `/remotes/users/${CURRENT_BUILD}/missing.0000000000.js`, headers: HTML });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  test('/remotes.json names each current build\'s manifest, revalidated on every use', async () => {
    const response = await t.app.inject('/remotes.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      remote_reporting: `/remotes/reporting/${CURRENT_BUILD}/mf-manifest.json`,
      remote_calllogs: `/remotes/calllogs/${CURRENT_BUILD}/mf-manifest.json`,
      remote_users: `/remotes/users/${CURRENT_BUILD}/mf-manifest.json`,
    });
  });

  test('a deploy is seen without a restart: a new build appears and the pointer flips; a rollback flips it back', async () => {
    const next = '1.2.0-bbbbbbbbbb';
    mkdirSync(path.join(webRoot, `remote-users/dist/${next}`));
    writeFileSync(path.join(webRoot, `remote-users/dist/${next}/remoteEntry.js`), '/* next */');
    expect((await t.app.inject(`/remotes/users/${next}/remoteEntry.js`)).body).toBe('/* next */');
    expect((await t.app.inject('/remotes.json')).json().remote_users).toBe(`/remotes/users/${CURRENT_BUILD}/mf-manifest.json`);

    const pointer = path.join(webRoot, 'remote-users/dist/current.json');
    try {
      writeFileSync(pointer, JSON.stringify({ build: next }));
      expect((await t.app.inject('/remotes.json')).json().remote_users).toBe(`/remotes/users/${next}/mf-manifest.json`);
      // The builds before it are still served to the tabs that loaded them.
      expect((await t.app.inject(`/remotes/users/${CURRENT_BUILD}/remoteEntry.js`)).statusCode).toBe(200);
    } finally {
      writeFileSync(pointer, JSON.stringify({ build: CURRENT_BUILD }));
    }
    expect((await t.app.inject('/remotes.json')).json().remote_users).toBe(`/remotes/users/${CURRENT_BUILD}/mf-manifest.json`);
  });

  test('a broken pointer leaves that remote unbuilt (its area fails alone), the others unaffected', async () => {
    const pointer = path.join(webRoot, 'remote-calllogs/dist/current.json');
    try {
      writeFileSync(pointer, '{"build":"../../etc"}');
      const entries = (await t.app.inject('/remotes.json')).json();
      expect(entries.remote_calllogs).toBe('/remotes/calllogs/mf-manifest.json');
      expect(entries.remote_users).toBe(`/remotes/users/${CURRENT_BUILD}/mf-manifest.json`);
      expect((await t.app.inject('/remotes/calllogs/mf-manifest.json')).statusCode).toBe(404);
      expect((await t.app.inject('/remotes/calllogs/')).statusCode).toBe(404);
    } finally {
      writeFileSync(pointer, JSON.stringify({ build: CURRENT_BUILD }));
    }
  });

  test('the default policy allows this origin only', async () => {
    const csp = policy((await t.app.inject({ url: '/', headers: HTML })).headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[0-9a-f]{32}'$/)]);
    expect(csp['style-src']).toEqual(["'self'", expect.stringMatching(/^'nonce-[0-9a-f]{32}'$/)]);
    expect(csp).toMatchObject({
      'connect-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'media-src': ["'self'", 'https:', 'http:'],
      'font-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
    });
  });
});

describe('remotes hosted elsewhere', () => {
  let moved: TestApp;
  const remoteUrls = { users: 'https://cdn.example.com/users/remoteEntry.js', calllogs: '/static/calllogs/remoteEntry.js' };
  beforeAll(async () => {
    moved = await buildTestApp({ database: t.database, webRoot, remoteUrls });
  });
  afterAll(() => moved.app.close());

  test('/remotes.json gives the configured URLs, and the current build for the others', async () => {
    expect((await moved.app.inject('/remotes.json')).json()).toEqual({
      remote_reporting: `/remotes/reporting/${CURRENT_BUILD}/mf-manifest.json`,
      remote_calllogs: '/static/calllogs/remoteEntry.js',
      remote_users: 'https://cdn.example.com/users/remoteEntry.js',
    });
  });

  test("the policy allows the remote's origin for code, styles and requests, on the page and on the API", async () => {
    for (const url of ['/', '/api/healthz']) {
      const csp = policy((await moved.app.inject({ url, headers: HTML })).headers['content-security-policy']);
      for (const directive of ['script-src', 'style-src', 'connect-src']) {
        expect(csp[directive]?.slice(0, 2)).toEqual(["'self'", 'https://cdn.example.com']);
      }
    }
  });
});

test("the API docs and their files carry the app's policy, not one of swagger-ui's", async () => {
  const app = (await t.app.inject({ url: '/api/healthz' })).headers['content-security-policy'];
  expect(policy(app)['script-src']).toEqual(["'self'"]);
  let response = await t.app.inject('/api/docs');
  for (let hops = 0; response.statusCode >= 300 && response.statusCode < 400 && hops < 3; hops += 1) {
    response = await t.app.inject(new URL(String(response.headers.location), 'http://localhost/api/docs').pathname);
  }
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['content-security-policy']).toBe(app);
  // Every script the page runs is a file of this origin, which 'self' allows: none is inline.
  expect(response.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  for (const file of ['/api/docs/static/swagger-initializer.js', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/json']) {
    const asset = await t.app.inject(file);
    expect([file, asset.statusCode, asset.headers['content-security-policy']]).toEqual([file, 200, app]);
  }
});

describe('without a build', () => {
  let bare: TestApp;
  let emptyRoot: string;
  beforeAll(async () => {
    emptyRoot = mkdtempSync(path.join(tmpdir(), 'callboard-noweb-'));
    bare = await buildTestApp({ database: t.database, webRoot: emptyRoot });
  });
  afterAll(async () => {
    await bare.app.close();
    rmSync(emptyRoot, { recursive: true, force: true });
  });

  test('the API still answers and the page says what to run', async () => {
    expect((await bare.app.inject('/api/healthz')).statusCode).toBe(200);
    for (const url of ['/', '/reporting']) {
      const response = await bare.app.inject({ url, headers: HTML });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toContain('The front end is not built: run npm run build');
    }
  });

  test('assets and remotes are 404s', async () => {
    expect((await bare.app.inject('/main.0123456789.js')).statusCode).toBe(404);
    expect((await bare.app.inject(`/remotes/users/${CURRENT_BUILD}/remoteEntry.js`)).statusCode).toBe(404);
    expect((await bare.app.inject('/remotes/users/')).statusCode).toBe(404);
    const entries = await bare.app.inject('/remotes.json');
    expect(entries.statusCode).toBe(200);
    expect(entries.json().remote_users).toBe('/remotes/users/mf-manifest.json');
  });
});
