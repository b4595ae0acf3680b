// `npm run bench:deck`: (a) publishing economy and (b) share-link serving throughput.
// (a) A 2,000-file, 50 MB deck is published, re-published unchanged (must upload zero blob
//     bytes in at most 3 requests) and re-published with one file changed (must upload
//     only that blob), all over HTTP against a real server process.
// (b) wrk (C, its own process) fetches a 20 KB asset through /v/<token>/ from that server,
//     then in the same run the same bytes from a bare node:http process (memory, no
//     framework), a bare fastify process (memory, no hooks), nginx with one worker and
//     nginx with every core (the load generator's own ceiling: if wrk cannot drive nginx far
//     past Podium, the ratio would be wrk's). nginx is skipped, said so, when not installed.
//     Targets: Podium >= 70% of bare node:http and >= 40% of nginx (1 worker),
//     p99 < 10 ms at 20 connections. Each ratio is taken by req/s and by CPU a request (the
//     other server's over Podium's), and the lower decides: on a fast machine wrk nears its
//     own ceiling and crowds every server's req/s under it.
// Prints the figures and PASS/FAIL; exits 0 either way (a benchmark reports).
//
// Needs wrk (apt-get install -y wrk); nginx (apt-get install -y nginx-light) for its ceilings.
// Environment: DATABASE_URL (else an embedded PostgreSQL in a temp dir), BENCH_CONNECTIONS
// (default 20), BENCH_DURATION seconds per run (default 8), BENCH_ROUNDS (default 3), BENCH_WARMUP seconds (default 3),
// BENCH_NGINX_WORKERS (the ceiling nginx's workers, default every core), BENCH_WRK_THREADS (2).
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import * as seed from '../ops/harness/seed.ts';
import { answerHeaders, type Ceiling, drainJobs, paired, pairedCostRatio, pairedRatio, pairedRows, printMachine, requireWrk, say, startBareHttp, startBareNode, startNginx, type Target, withStack } from './lib.ts';

const FILES = 2_000;
const DECK_BYTES = 50 * 1024 * 1024;
const ASSET_BYTES = 20 * 1024;
const TARGET_OF_BARE_HTTP = 0.7;
const TARGET_OF_NGINX1 = 0.4;
const TARGET_P99_MS = 10;
/** Podium at this share of wrk's ceiling or more: the generator, not the server, may be the limit. */
const NEAR_CEILING = 0.6;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const DURATION_S = Number(process.env.BENCH_DURATION || 8);
const WARMUP_S = Number(process.env.BENCH_WARMUP || 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
/** nginx with every core: what wrk itself can drive on this machine (the generator's ceiling). */
const NGINX_CEILING_WORKERS = Number(process.env.BENCH_NGINX_WORKERS || os.availableParallelism());

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

requireWrk();

await withStack('bench-deck', { STORAGE_DRIVER: 'local' }, async ({ tmp, db, url, server }) => {
  const base = await seed.basicWorkspace(db.pool, 'Bench', 'owner@bench.test');
  {
    // (a) Publishing economy (BENCH_SKIP_PUBLISH=1 skips it, e.g. while profiling serving).
    const aLines: string[] = [];
    if (process.env.BENCH_SKIP_PUBLISH === '1') aLines.push('  (a) skipped (BENCH_SKIP_PUBLISH=1)');
    else {
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
      const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
      aLines.push(
        `  (a) first publish      ${first.requests} requests, ${mb(first.uploadedBytes)} MB uploaded, ${(firstMs / 1000).toFixed(1)} s (version ${v1.version})`,
        `      unchanged re-push  ${unchanged.requests} requests, ${unchanged.uploadedBytes} blob bytes uploaded, ${unchangedMs.toFixed(0)} ms (version ${v2.version})`,
        `      one file changed   ${oneChanged.requests} requests, ${oneChanged.uploadedBytes} bytes uploaded (the changed blob is ${each} bytes) (version ${v3.version})`,
        `      target             unchanged: 0 bytes in <= 3 requests: ${aUnchangedOk ? 'PASS' : 'FAIL'}; one changed: only that blob: ${aChangedOk ? 'PASS' : 'FAIL'}`,
      );
    }

    // (b) Serving a 20 KB asset through a share link, beside its ceilings in the same run.
    const asset = randomBytes(ASSET_BYTES);
    const serveFiles = new Map([['index.html', Buffer.from('<!doctype html><p>serve</p>')], ['asset.bin', asset]]);
    const deck = await new Client(url, base.deckKey.key).push(serveFiles, null, null);
    const link = await new Client(url, base.deckKey.key).json('POST', `/api/v1/presentations/${deck.id}/share-links`, { name: 'bench' });
    const assetUrl = `${link.url}asset.bin`;
    const probe = await fetch(assetUrl);
    if (probe.status !== 200 || !Buffer.from(await probe.arrayBuffer()).equals(asset)) throw new Error(`the asset did not come back through the link (${probe.status})`);
    const drainedMs = await drainJobs(db.pool);
    say(`(b) job queue drained in ${(drainedMs / 1000).toFixed(1)} s (thumbnails render in Chromium in the server's process under SERVICE_ROLE=all)`);
    say(`(b) wrk, ${CONNECTIONS} connections, ${ROUNDS} paired rounds of ${DURATION_S}s per server (after ${WARMUP_S}s warm-up each): GET /v/<token>/asset.bin (20 KB) and its ceilings`);
    const ceilings: Ceiling[] = [];
    const notes: string[] = [];
    try {
      // The ceilings answer the share link's own headers (its CSP, etag, ...), so each answer is the same bytes.
      const sameHeaders = answerHeaders(probe);
      const bareHttp = await startBareHttp(tmp, asset, sameHeaders);
      ceilings.push(bareHttp);
      const bare = await startBareNode(tmp, asset, sameHeaders);
      ceilings.push(bare);
      const targets: Target[] = [
        { name: 'podium /v/<token>/asset.bin', url: assetUrl, pids: () => [server.pid!] },
        { name: 'bare node:http, same bytes', url: `${bareHttp.url}/asset.bin`, pids: bareHttp.pids },
        { name: 'bare fastify, same bytes', url: `${bare.url}/asset.bin`, pids: bare.pids },
      ];
      for (const workers of [1, NGINX_CEILING_WORKERS]) {
        const ng = await startNginx(tmp, { 'asset.bin': asset }, workers);
        if ('missing' in ng) {
          notes.push(ng.missing);
          break;
        }
        ceilings.push(ng);
        targets.push({ name: ng.what, url: `${ng.url}/asset.bin`, pids: ng.pids });
      }
      const res = await paired(targets, CONNECTIONS, DURATION_S, WARMUP_S, ROUNDS);
      const [podium, httpR, bareR, ng1, ceiling] = res;

      const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
      say('');
      say('bench:deck');
      printMachine();
      say('');
      for (const l of aLines) say(l);
      say('');
      say(`  (b) 20 KB asset, wrk -t${Math.min(CONNECTIONS, Number(process.env.BENCH_WRK_THREADS || 2))} -c${CONNECTIONS}, ${ROUNDS} paired rounds of ${DURATION_S}s; medians (each round: req/s / p99, 1-min load average before-after)`);
      for (const l of pairedRows(res)) say(l);
      for (const n of notes) say(`  ${n}`);
      say('');
      // wrk shares the two cores: near its own ceiling every server's req/s crowds under it
      // and the req/s ratios read high. CPU a request is not capped that way, so the verdict
      // takes the lower of the two ratios.
      const nearCeiling = ceiling ? pairedRatio(podium, ceiling) >= NEAR_CEILING : false;
      if (ceiling) {
        say(`      generator ceiling  wrk drove ${ceiling.rps.toFixed(0)} req/s against ${ceiling.name}: podium ran at ${pct(pairedRatio(podium, ceiling))} of it, ${nearCeiling
          ? `close to wrk's own limit: the req/s ratios are compressed toward 100%, so the CPU a request decides too`
          : "so the ratios are the server's, not wrk's"}`);
      }
      const ofHttp = pairedRatio(podium, httpR);
      const ofBare = pairedRatio(podium, bareR);
      const ofNginx = ng1 ? pairedRatio(podium, ng1) : null;
      const costOfHttp = pairedCostRatio(podium, httpR);
      const costOfNginx = ng1 ? pairedCostRatio(podium, ng1) : null;
      const clean = podium.errors + podium.non2xx === 0;
      if (podium.cpuUsPerRequest !== null && bareR.cpuUsPerRequest !== null) {
        say(`      CPU per request    podium ${podium.cpuUsPerRequest.toFixed(0)} us, bare node:http ${httpR.cpuUsPerRequest?.toFixed(0)} us, bare fastify ${bareR.cpuUsPerRequest.toFixed(0)} us${ng1?.cpuUsPerRequest != null ? `, nginx ${ng1.cpuUsPerRequest.toFixed(0)} us` : ''}: the cost per request, which neighbours' load moves far less than req/s`);
      }
      say(`      ratios (median of per-round ratios): podium / bare node:http ${pct(ofHttp)}, podium / bare fastify ${pct(ofBare)}${ofNginx === null ? '' : `, podium / nginx 1 worker ${pct(ofNginx)}`}`);
      if (costOfHttp !== null) say(`      by CPU a request   podium / bare node:http ${pct(costOfHttp)}${costOfNginx === null ? '' : `, podium / nginx 1 worker ${pct(costOfNginx)}`} (their CPU a request over podium's)`);
      const lower = (r: number, c: number | null) => (c === null ? r : Math.min(r, c));
      const httpOk = lower(ofHttp, costOfHttp) >= TARGET_OF_BARE_HTTP;
      const nginxOk = ofNginx !== null && lower(ofNginx, costOfNginx) >= TARGET_OF_NGINX1;
      say(`      target             >= ${TARGET_OF_BARE_HTTP * 100}% of bare node:http (req/s and CPU a request): ${httpOk ? 'PASS' : 'FAIL'}; >= ${TARGET_OF_NGINX1 * 100}% of nginx (1 worker): ${ofNginx === null ? 'not measured' : nginxOk ? 'PASS' : 'FAIL'}; p99 < ${TARGET_P99_MS} ms: ${podium.p99.toFixed(2)} ms ${podium.p99 < TARGET_P99_MS ? 'PASS' : 'FAIL'}; no errors: ${clean ? 'PASS' : 'FAIL'}`);
    } finally {
      for (const c of ceilings) await c.stop();
    }
  }
});
