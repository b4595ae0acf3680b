// `npm run bench:deck`: (a) publishing economy and (b) share-link serving throughput.
// (a) A 2,000-file, 50 MB deck is published, re-published unchanged (must upload zero blob
//     bytes in at most 3 requests) and re-published with one file changed (must upload
//     only that blob), all over HTTP against a real server process.
// (b) autocannon (a second process) fetches a 20 KB asset through /v/<token>/ from that
//     server, then the same file from disk through nginx (Debian package) in the same run.
//     Target: Podium at least 50% of nginx's requests per second.
// Prints the figures and PASS/FAIL; exits 0 either way (a benchmark reports).
//
// Environment: DATABASE_URL (else an embedded PostgreSQL in a temp dir), BENCH_CONNECTIONS
// (default 20), BENCH_DURATION seconds (default 10), BENCH_WARMUP seconds (default 3),
// BENCH_NGINX_WORKERS (default 1: one process against Podium's one process).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as seed from '../test/helpers/seed.ts';
import { cannon, freePort, printMachine, say, stopServer, waitFor, withStack, type CannonResult } from './lib.ts';

const FILES = 2_000;
const DECK_BYTES = 50 * 1024 * 1024;
const ASSET_BYTES = 20 * 1024;
const TARGET_RATIO = 0.5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP || 3);
const NGINX_WORKERS = Number(process.env.BENCH_NGINX_WORKERS || 1);

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** One HTTP client that counts what it sends: requests and blob bytes uploaded. */
class Client {
  requests = 0;
  uploadedBytes = 0;
  constructor(private base: string, private key: string) {}
  async json(method: string, p: string, body: unknown): Promise<any> {
    this.requests++;
    const r = await fetch(this.base + p, { method, headers: { authorization: `Bearer ${this.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await r.text();
    if (r.status >= 300) throw new Error(`${method} ${p} answered ${r.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text);
  }
  async upload(bytes: Buffer): Promise<void> {
    this.requests++;
    this.uploadedBytes += bytes.length;
    const r = await fetch(`${this.base}/api/v1/blobs/${sha(bytes)}`, { method: 'PUT', headers: { authorization: `Bearer ${this.key}`, 'content-type': 'application/octet-stream' }, body: new Uint8Array(bytes) });
    if (r.status !== 201) throw new Error(`upload answered ${r.status}: ${await r.text()}`);
  }
  /** The deckcli flow: precheck, upload what is missing (8 at a time), commit. */
  async push(files: Map<string, Buffer>, deck: string | null, baseVersion: number | null): Promise<{ id: string; version: number }> {
    const manifest = [...files].map(([p, b]) => ({ path: p, sha256: sha(b), size: b.length }));
    const { missing } = await this.json('POST', '/api/v1/blobs/precheck', { files: manifest.map(({ sha256, size }) => ({ sha256, size })) });
    const bySha = new Map([...files.values()].map((b) => [sha(b), b]));
    const queue = [...(missing as string[])];
    await Promise.all(Array.from({ length: 8 }, async () => {
      for (let s = queue.shift(); s; s = queue.shift()) await this.upload(bySha.get(s)!);
    }));
    const body = { entry: 'index.html', files: manifest, ...(deck ? { baseVersion } : { title: 'Bench deck' }) };
    const r = await this.json('POST', deck ? `/api/v1/presentations/${deck}/versions` : '/api/v1/presentations', body);
    return { id: r.presentation.id, version: r.version };
  }
}

function nginxBinary(): string | null {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (spawnSync(p, ['-v']).status === 0) return p;
  return null;
}

await withStack('bench-deck', { STORAGE_DRIVER: 'local' }, async ({ tmp, db, url }) => {
  const base = await seed.basicWorkspace(db.pool, 'Bench', 'owner@bench.test');
  let nginx: ChildProcess | null = null;
  try {
    // (a) Publishing economy.
    say(`(a) publishing a ${FILES}-file, ${DECK_BYTES / 1024 / 1024} MB deck`);
    const files = new Map<string, Buffer>();
    files.set('index.html', Buffer.from('<!doctype html><h1>Bench</h1>'));
    const each = Math.floor((DECK_BYTES - files.get('index.html')!.length) / (FILES - 1));
    for (let i = 1; i < FILES; i++) files.set(`assets/${String(i).padStart(4, '0')}.bin`, randomBytes(each));
    const first = new Client(url, base.deckKey.key);
    let t0 = performance.now();
    const v1 = await first.push(files, null, null);
    const firstMs = performance.now() - t0;
    const unchanged = new Client(url, base.deckKey.key);
    t0 = performance.now();
    const v2 = await unchanged.push(files, v1.id, v1.version);
    const unchangedMs = performance.now() - t0;
    const changedPath = 'assets/0042.bin';
    files.set(changedPath, randomBytes(each));
    const oneChanged = new Client(url, base.deckKey.key);
    const v3 = await oneChanged.push(files, v1.id, v2.version);
    const aUnchangedOk = unchanged.uploadedBytes === 0 && unchanged.requests <= 3;
    const aChangedOk = oneChanged.uploadedBytes === each && oneChanged.requests === 3;

    // (b) Serving a 20 KB asset through a share link, and the same file through nginx.
    const asset = randomBytes(ASSET_BYTES);
    const serveFiles = new Map([['index.html', Buffer.from('<!doctype html><p>serve</p>')], ['asset.bin', asset]]);
    const deck = await new Client(url, base.deckKey.key).push(serveFiles, null, null);
    const link = await new Client(url, base.deckKey.key).json('POST', `/api/v1/presentations/${deck.id}/share-links`, { name: 'bench' });
    const assetUrl = `${link.url}asset.bin`;
    const probe = await fetch(assetUrl);
    if (probe.status !== 200 || !Buffer.from(await probe.arrayBuffer()).equals(asset)) throw new Error(`the asset did not come back through the link (${probe.status})`);
    say(`(b) warm-up ${WARMUP_S}s, then ${DURATION_S}s with ${CONNECTIONS} connections: GET /v/<token>/asset.bin (20 KB)`);
    await cannon(assetUrl, CONNECTIONS, WARMUP_S);
    const podium = await cannon(assetUrl, CONNECTIONS, DURATION_S);

    let ng: CannonResult | null = null;
    let nginxVersion = 'not installed (apt-get install nginx)';
    const bin = nginxBinary();
    if (bin) {
      nginxVersion = spawnSync(bin, ['-v'], { encoding: 'utf8' }).stderr.trim();
      const root = path.join(tmp, 'nginx');
      mkdirSync(path.join(root, 'www'), { recursive: true });
      mkdirSync(path.join(root, 'logs'), { recursive: true });
      writeFileSync(path.join(root, 'www', 'asset.bin'), asset);
      const nport = await freePort();
      writeFileSync(path.join(root, 'nginx.conf'), `worker_processes ${NGINX_WORKERS};
  pid ${root}/nginx.pid;
  error_log ${root}/logs/error.log warn;
  events { worker_connections 1024; }
  http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 100000;
    types { application/octet-stream bin; }
    client_body_temp_path ${root}/tmp; proxy_temp_path ${root}/tmp; fastcgi_temp_path ${root}/tmp; uwsgi_temp_path ${root}/tmp; scgi_temp_path ${root}/tmp;
    server { listen 127.0.0.1:${nport}; root ${root}/www; }
  }
  `);
      mkdirSync(path.join(root, 'tmp'), { recursive: true });
      chmodSync(tmp, 0o755);
      for (const d of ['nginx', 'nginx/www']) chmodSync(path.join(tmp, d), 0o755);
      chmodSync(path.join(root, 'www', 'asset.bin'), 0o644);
      nginx = spawn(bin, ['-p', root, '-c', path.join(root, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
      await waitFor(`http://127.0.0.1:${nport}/asset.bin`, nginx, 'nginx');
      say(`    same file from disk through nginx (${NGINX_WORKERS} worker process${NGINX_WORKERS === 1 ? '' : 'es'})`);
      await cannon(`http://127.0.0.1:${nport}/asset.bin`, CONNECTIONS, WARMUP_S);
      ng = await cannon(`http://127.0.0.1:${nport}/asset.bin`, CONNECTIONS, DURATION_S);
    }

    const ratio = ng ? podium.requests.average / ng.requests.average : null;
    const bOk = ratio !== null && ratio >= TARGET_RATIO && podium.errors + podium.timeouts + podium.non2xx === 0;
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    say('');
    say('bench:deck');
    printMachine();
    say('');
    say(`  (a) first publish      ${first.requests} requests, ${mb(first.uploadedBytes)} MB uploaded, ${(firstMs / 1000).toFixed(1)} s (version ${v1.version})`);
    say(`      unchanged re-push  ${unchanged.requests} requests, ${unchanged.uploadedBytes} blob bytes uploaded, ${unchangedMs.toFixed(0)} ms (version ${v2.version})`);
    say(`      one file changed   ${oneChanged.requests} requests, ${oneChanged.uploadedBytes} bytes uploaded (the changed blob is ${each} bytes) (version ${v3.version})`);
    say(`      target             unchanged: 0 bytes in <= 3 requests: ${aUnchangedOk ? 'PASS' : 'FAIL'}; one changed: only that blob: ${aChangedOk ? 'PASS' : 'FAIL'}`);
    say('');
    say(`  (b) podium /v/<token>/asset.bin  ${podium.requests.average.toFixed(0)} req/s, p50 ${podium.latency.p50} ms, p99 ${podium.latency.p99} ms, errors ${podium.errors + podium.timeouts}, non-2xx ${podium.non2xx}`);
    if (ng) say(`      nginx  /asset.bin            ${ng.requests.average.toFixed(0)} req/s, p50 ${ng.latency.p50} ms, p99 ${ng.latency.p99} ms, errors ${ng.errors + ng.timeouts}, non-2xx ${ng.non2xx} (${nginxVersion}, ${NGINX_WORKERS} worker)`);
    else say(`      nginx                        ${nginxVersion}`);
    say(`      target             podium >= ${TARGET_RATIO * 100}% of nginx: ${ratio === null ? 'not measured' : `${(ratio * 100).toFixed(0)}% ${bOk ? 'PASS' : 'FAIL'}`}`);
  } finally {
    await stopServer(nginx);
  }
});
