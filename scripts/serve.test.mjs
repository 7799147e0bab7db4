import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {mkdtemp, mkdir, writeFile, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {createSiteServer, listenLocally} from './serve.mjs';

/** @type {string} */
let dir;
/** @type {import('node:http').Server} */
let server;
/** @type {string} */
let origin;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coral-serve-'));
  await mkdir(join(dir, 'docs'));
  await mkdir(join(dir, 'blog'));
  await writeFile(join(dir, 'index.html'), 'home');
  await writeFile(join(dir, '404.html'), 'not found');
  await writeFile(join(dir, 'blog.html'), 'blog index');
  await writeFile(join(dir, 'blog', 'launch.html'), 'launch');
  await writeFile(join(dir, 'docs', 'index.html'), 'docs folder');
  await writeFile(join(dir, 'docs', 'intro.html'), 'intro');
  await writeFile(join(dir, 'app.js'), 'console.log(1)');
  server = createSiteServer({dir, base: '/gpap-coral/'});
  origin = await listenLocally(server);
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
  await rm(dir, {recursive: true, force: true});
});

/**
 * @param {string} path
 * @param {Record<string, string>} [headers]
 */
const get = (path, headers = {}) => fetch(origin + path, {headers, redirect: 'manual'});

describe('GitHub Pages-like server', () => {
  it.each([
    ['/gpap-coral/', 'home'],
    ['/gpap-coral/index.html', 'home'],
    ['/gpap-coral/docs/intro', 'intro'],
    ['/gpap-coral/docs/intro.html', 'intro'],
    ['/gpap-coral/blog', 'blog index'],
    ['/gpap-coral/blog/launch', 'launch'],
    ['/gpap-coral/docs/', 'docs folder'],
  ])('serves %s', async (path, body) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(body);
  });

  it('redirects a folder without a slash, as Pages does', async () => {
    const res = await get('/gpap-coral/docs');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/gpap-coral/docs/');
  });

  it.each(['/gpap-coral/nope', '/elsewhere/index.html', '/gpap-coral/../package.json', '/gpap-coral/%2e%2e/serve.mjs'])(
    'answers 404 with the not-found page for %s',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('not found');
    },
  );

  it('gzips text when asked', async () => {
    // fetch has no switch to keep the body compressed: it decodes gzip, so the text read back proves the body was gzip.
    const res = await get('/gpap-coral/app.js', {'accept-encoding': 'gzip'});
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toBe('console.log(1)');
  });

  it('sends plain bytes when gzip is not accepted', async () => {
    const res = await get('/gpap-coral/app.js', {'accept-encoding': 'identity'});
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('console.log(1)');
  });

  it.each(['//', '//host:99999/gpap-coral/'])('answers 400 to %s, which is no path, and keeps serving', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Bad request target');
    expect((await get('/gpap-coral/')).status).toBe(200);
  });
});

describe('a folder of your own, served at the root', () => {
  /** @type {string} */
  let own;
  /** @type {import('node:http').Server} */
  let ownServer;
  /** @type {string} */
  let ownOrigin;

  beforeAll(async () => {
    own = await mkdtemp(join(tmpdir(), 'coral-serve-own-'));
    await writeFile(join(own, 'index.html'), 'petition');
    ownServer = createSiteServer({dir: own, base: '/'});
    ownOrigin = await listenLocally(ownServer);
  });

  afterAll(async () => {
    await new Promise((done) => ownServer.close(done));
    await rm(own, {recursive: true, force: true});
  });

  it('serves its index.html at /', async () => {
    const res = await fetch(`${ownOrigin}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('petition');
  });

  it('answers 404 in words for a file it lacks (a browser’s /favicon.ico) when the folder has no 404.html', async () => {
    const res = await fetch(`${ownOrigin}/favicon.ico`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('Not found');
  });
});
