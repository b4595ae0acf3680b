// `deckcli dev`: serves a deck folder on loopback as the instance would, sandboxed:
// the sandbox CSP, nosniff, no-referrer, no-store on every answer; live reload injected
// into HTML; a request path resolved with realpath and re-checked against the root;
// dot-prefixed paths 404; a Host header that is not the bound address 403 (no DNS
// rebinding). No backend, no credentials.
import { createReadStream, existsSync, realpathSync, statSync, watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

export const DEV_CSP = 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads';
const RELOAD_PATH = '/__deckcli/reload';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.htm': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.avif': 'image/avif', '.ico': 'image/x-icon', '.woff2': 'font/woff2',
  '.woff': 'font/woff', '.ttf': 'font/ttf', '.mp4': 'video/mp4', '.webm': 'video/webm', '.mp3': 'audio/mpeg', '.wav': 'audio/wav',
  '.pdf': 'application/pdf', '.txt': 'text/plain; charset=utf-8', '.md': 'text/markdown; charset=utf-8', '.wasm': 'application/wasm',
};

// The page is sandboxed (opaque origin), so the reload channel answers any origin.
const RELOAD_SNIPPET = `<script>(function(){try{var s=new EventSource(${JSON.stringify(RELOAD_PATH)});s.onmessage=function(){location.reload()}}catch(e){}})()</script>`;

export function injectReload(html: string): string {
  const i = html.search(/<\/body>/i);
  return i === -1 ? html + RELOAD_SNIPPET : html.slice(0, i) + RELOAD_SNIPPET + html.slice(i);
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
}

export async function startDevServer(folder: string, entry: string, port: number, host = '127.0.0.1'): Promise<DevServer> {
  const root = realpathSync(folder);
  const clients = new Set<http.ServerResponse>();
  let allowedHosts: Set<string> = new Set();

  const base = (res: http.ServerResponse) => {
    res.setHeader('content-security-policy', DEV_CSP);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'no-referrer');
    res.setHeader('cache-control', 'no-store');
  };
  const fail = (res: http.ServerResponse, status: number, text: string) => {
    base(res);
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text + '\n');
  };

  const server = http.createServer(async (req, res) => {
    if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) return fail(res, 403, 'Forbidden: this dev server answers only its own address');
    if (req.method !== 'GET' && req.method !== 'HEAD') return fail(res, 405, 'Method not allowed');
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return fail(res, 400, 'Bad request');
    }
    if (pathname === RELOAD_PATH) {
      base(res);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' });
      res.write(': connected\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (pathname.includes('\0') || pathname.split('/').some((s) => s.startsWith('.'))) return fail(res, 404, 'Not found');
    const rel = pathname === '/' ? entry : pathname.replace(/^\/+/, '');
    let file: string;
    try {
      file = realpathSync(path.join(root, rel));
    } catch {
      return fail(res, 404, 'Not found');
    }
    // realpath resolves links: what it names must still be inside the root.
    if (file !== root && !file.startsWith(root + path.sep)) return fail(res, 404, 'Not found');
    if (path.relative(root, file).split(path.sep).some((s) => s.startsWith('.'))) return fail(res, 404, 'Not found');
    let st = statSync(file);
    if (st.isDirectory()) {
      file = path.join(file, 'index.html');
      if (!existsSync(file)) return fail(res, 404, 'Not found');
      st = statSync(file);
    }
    const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    base(res);
    if (type.startsWith('text/html')) {
      const html = injectReload(await readFile(file, 'utf8'));
      res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(html) });
      return res.end(req.method === 'HEAD' ? undefined : html);
    }
    res.writeHead(200, { 'content-type': type, 'content-length': st.size });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as { port: number }).port;
  allowedHosts = new Set([`${host}:${bound}`, `localhost:${bound}`]);

  let pending: NodeJS.Timeout | null = null;
  const watcher: FSWatcher = watch(root, { recursive: true }, () => {
    if (pending) return;
    pending = setTimeout(() => {
      pending = null;
      for (const c of clients) c.write('data: reload\n\n');
    }, 100);
  });

  return {
    url: `http://${host}:${bound}/`,
    async close() {
      watcher.close();
      for (const c of clients) c.end();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
