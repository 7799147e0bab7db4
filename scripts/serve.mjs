#!/usr/bin/env node
/**
 * Serves the production build the way GitHub Pages serves a project site:
 * under the base path, `/x` → `x.html`, a folder → its `index.html` (after a
 * redirect to the slash form, as Pages does), anything else → `404.html` with
 * status 404, and gzip for text when the client accepts it.
 *
 *   node scripts/serve.mjs [--port 3000] [--dir build] [--base /gpap-coral/]
 */
import {createServer} from 'node:http';
import {createReadStream} from 'node:fs';
import {stat} from 'node:fs/promises';
import {extname, join, normalize, resolve, sep} from 'node:path';
import {createGzip} from 'node:zlib';
import {parseArgs} from 'node:util';

/** @type {Record<string, string>} */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.xsl': 'application/xslt+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|xslt)|image\/svg)/;

/** @param {string} path */
async function fileAt(path) {
  try {
    const info = await stat(path);
    return info.isFile() ? 'file' : info.isDirectory() ? 'dir' : null;
  } catch {
    return null;
  }
}

/**
 * @typedef {{kind: 'file', path: string} | {kind: 'redirect', slash: true} | {kind: 'missing'}} Found
 */

/**
 * Decides what to answer for a path inside the base: a file, a redirect, or not found.
 * @param {string} root
 * @param {string} relative
 * @returns {Promise<Found>}
 */
export async function resolveRequest(root, relative) {
  const safe = normalize(relative).replace(/^(\.\.(\/|\\|$))+/, '');
  const target = join(root, safe);
  if (target !== root && !target.startsWith(root + sep)) {
    return {kind: 'missing'};
  }
  const kind = await fileAt(target);
  if (kind === 'file') {
    return {kind: 'file', path: target};
  }
  if (!relative.endsWith('/') && (await fileAt(`${target}.html`)) === 'file') {
    return {kind: 'file', path: `${target}.html`};
  }
  if (kind === 'dir') {
    if (!relative.endsWith('/') && relative !== '') {
      return {kind: 'redirect', slash: true};
    }
    if ((await fileAt(join(target, 'index.html'))) === 'file') {
      return {kind: 'file', path: join(target, 'index.html')};
    }
  }
  return {kind: 'missing'};
}

export function createSiteServer({dir = 'build', base = '/gpap-coral/'} = {}) {
  const root = resolve(dir);
  return createServer((req, res) => {
    answer(req, res).catch((error) => {
      console.error(`Could not answer ${req.method} ${req.url}:`, error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function answer(req, res) {
    let url;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      // A target such as `//` is no path at all.
      res.writeHead(400, {'content-type': 'text/plain; charset=utf-8'});
      res.end('Bad request target');
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = url.pathname;
    }
    if (pathname === base.slice(0, -1)) {
      res.writeHead(301, {location: base + url.search});
      res.end();
      return;
    }
    /** @type {Found} */
    const found = pathname.startsWith(base) ? await resolveRequest(root, pathname.slice(base.length)) : {kind: 'missing'};
    if (found.kind === 'redirect') {
      res.writeHead(301, {location: `${url.pathname}/${url.search}`});
      res.end();
      return;
    }
    if (found.kind === 'missing' && (await fileAt(join(root, '404.html'))) !== 'file') {
      // A folder of one's own (a test page) has no not-found page: say so in words rather than drop the connection.
      res.writeHead(404, {'content-type': 'text/plain; charset=utf-8'});
      res.end('Not found');
      return;
    }
    const status = found.kind === 'file' ? 200 : 404;
    const path = found.kind === 'file' ? found.path : join(root, '404.html');
    const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
    const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(status, {
      'content-type': type,
      'cache-control': 'max-age=600',
      vary: 'Accept-Encoding',
      // GitHub Pages lets any origin load its files, which a page embedding Coral's script relies on.
      'access-control-allow-origin': '*',
      ...(gzip ? {'content-encoding': 'gzip'} : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = createReadStream(path);
    stream.on('error', () => res.destroy());
    (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
  }
}

/**
 * Starts `server` on a free port of the loopback address and answers its origin.
 * @param {import('node:http').Server} server
 */
export async function listenLocally(server) {
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error(`the server listens on no port: ${address}`);
  return `http://127.0.0.1:${address.port}`;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const {values} = parseArgs({
    options: {
      port: {type: 'string', default: process.env.PORT ?? '3000'},
      dir: {type: 'string', default: 'build'},
      base: {type: 'string', default: '/gpap-coral/'},
      host: {type: 'string', default: '127.0.0.1'},
    },
  });
  if ((await fileAt(resolve(values.dir, 'index.html'))) !== 'file') {
    console.error(`No build in ${values.dir}/: run \`npm run build\` first.`);
    process.exit(1);
  }
  const server = createSiteServer({dir: values.dir, base: values.base});
  server.listen(Number(values.port), values.host, () => {
    console.log(`Serving ${values.dir}/ at http://${values.host}:${values.port}${values.base}`);
  });
}
