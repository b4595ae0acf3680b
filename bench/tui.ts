// `npm run bench:tui`: does `hackathon tui` keep up? One real server process (`podium
// start`), an event of 300 teams, the BUILT dashboard (dist/hackathon.mjs) in a tmux pane on
// its Receipts screen, and 100 signed push deliveries a second (each a new revision of a
// round-robin team) for BENCH_SECONDS. The harness polls the pane (capture-pane, every
// 100 ms) and notes when each revision first shows; the dashboard's resident memory (VmRSS of
// its process, /proc/<pid>/status) is sampled throughout. Prints every receipt's delay from
// send to screen (p50, p99, max, share within 1 s), receipts never seen, peak RSS, and
// PASS/FAIL against: every receipt on screen within 1 s, under 150 MB resident.
//
// The pane is 120x60 so a receipt stays on screen ~0.5 s at 100/s, seen by several polls (the
// 80x24 layout shows ~18 rows: at this rate a row scrolls off in 0.2 s, about two polls).
//
// Environment: DATABASE_URL (else an embedded PostgreSQL), BENCH_TEAMS (300), BENCH_RATE
// (100 a second), BENCH_SECONDS (20), BENCH_TUI_NODE_OPTIONS (NODE_OPTIONS of the dashboard),
// BENCH_TUI_V8_DEFAULTS=1 (the dashboard without its heap flags: the baseline).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSse } from '../client/stream.ts';
import { signBody, webhookSecret } from '../core/codehost/webhook.ts';
import { TUI_HEAP_MARK } from '../tui/heap.ts';
import { AUTH_SECRET, printMachine, ROOT, say, withStack, benchEvent, call } from './lib.ts';

const TEAMS = Number(process.env.BENCH_TEAMS || 300);
const RATE = Number(process.env.BENCH_RATE || 100);
const SECONDS = Number(process.env.BENCH_SECONDS || 20);
/** BENCH_TUI_V8_DEFAULTS=1: the dashboard keeps V8's default heap (no restart under tui/heap.ts's flags), the before of the bounded heap. */
const V8_DEFAULTS = process.env.BENCH_TUI_V8_DEFAULTS === '1';
const TARGET_MS = 1_000;
const TARGET_RSS_MB = 150;
const HOUR = 3600_000;
const SOCKET = `podium-bench-tui-${process.pid}`;
const SESSION = 'tui';

const tmux = (...args: string[]) => execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))] ?? 0;

await withStack('bench-tui', { PODIUM_TEST_MODE: '1' }, async ({ db, url, tmp }) => {
  const { key, start, event, names, projects } = await benchEvent(db, url, TEAMS);
  const repos = names.map((_, i) => `bench/team-${String(i).padStart(3, '0')}`);
  for (let i = 0; i < TEAMS; i++) await db.pool.query('select app_private.set_team_repository($1, $2, $3, $4)', [projects.get(names[i]!), repos[i], 'ready', 'f'.repeat(40)]);
  await call(url, 'PUT', '/api/v1/test/clock', null, { offsetSeconds: Math.round((start + HOUR - Date.now()) / 1000) }); // building

  const home = path.join(tmp, 'home');
  const env = { HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), EVENT_URL: url, EVENT_API_KEY: key, TERM: 'xterm-256color', NO_COLOR: '1', PATH: process.env.PATH ?? '', ...(process.env.BENCH_TUI_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_TUI_NODE_OPTIONS } : {}), ...(V8_DEFAULTS ? { [TUI_HEAP_MARK]: '1' } : {}) };
  tmux('new-session', '-d', '-s', SESSION, '-x', '120', '-y', '60', 'env', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), process.execPath, path.join(ROOT, 'dist/hackathon.mjs'), 'tui');
  try {
    const pid = Number(tmux('display-message', '-p', '-t', SESSION, '#{pane_pid}').trim());
    const pane = () => tmux('capture-pane', '-p', '-t', SESSION);
    for (let i = 0; i < 300 && !pane().includes('● live'); i++) await sleep(100);
    tmux('send-keys', '-t', SESSION, '2');
    for (let i = 0; i < 100 && !pane().includes('Receipts ('); i++) await sleep(100);
    const rssIdle = rssMb(pid);

    say(`load: ${RATE} deliveries a second over ${TEAMS} teams for ${SECONDS} s; the pane polled every 100 ms...`);
    const secret = webhookSecret(AUTH_SECRET, event.id);
    const sentAt = new Map<string, number>();
    const seenAt = new Map<string, number>();
    const statuses: Record<string, number> = {};
    // The harness follows the stream too: send to stream separates the server's share of the
    // delay from the dashboard's drawing.
    const streamAt = new Map<string, number>();
    const streamAbort = new AbortController();
    const streamRes = await fetch(`${url}/api/v1/event/stream`, { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' }, signal: streamAbort.signal });
    void (async () => {
      try {
        for await (const e of parseSse(streamRes.body as unknown as AsyncIterable<Uint8Array>)) {
          // Every receipt comes as receipt.recorded (what the dashboard reads), whatever its verdict.
          const p = e.event === 'receipt.recorded' ? JSON.parse(e.data) : null;
          const sha: unknown = p?.receipt?.sha;
          if (typeof sha === 'string' && !streamAt.has(sha.slice(0, 12))) streamAt.set(sha.slice(0, 12), performance.now());
        }
      } catch {
        /* aborted at the end */
      }
    })();
    let rssPeak = rssIdle;
    let sending = true;
    let lastSend = performance.now();
    const total = RATE * SECONDS;
    const poller = (async () => {
      while (sending || seenAt.size < sentAt.size) {
        const now = performance.now();
        for (const m of pane().matchAll(/\b([0-9a-f]{12}) accepted/g)) if (!seenAt.has(m[1]!)) seenAt.set(m[1]!, now);
        rssPeak = Math.max(rssPeak, rssMb(pid));
        if (!sending && now - lastSend > 10_000) break; // whatever is not on screen 10 s after the last send is missing
        await sleep(100);
      }
    })();
    const t0 = performance.now();
    const inflight: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = t0 + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const sha = (n.toString(16).padStart(12, '0') + 'b'.repeat(28));
      const team = n % TEAMS;
      const body = JSON.stringify({ ref: 'refs/heads/main', before: '0'.repeat(40), after: sha, repository: { name: repos[team]!.split('/')[1], full_name: repos[team], owner: { login: 'bench' } }, organization: { login: 'bench' }, pusher: { name: 'bench' } });
      sentAt.set(sha.slice(0, 12), performance.now());
      lastSend = performance.now();
      inflight.push(fetch(`${url}/webhooks/github/${event.id}`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-github-delivery': `tui-${n}`, 'x-hub-signature-256': signBody(secret, body) } })
        .then(async (r) => { statuses[r.status] = (statuses[r.status] ?? 0) + 1; await r.arrayBuffer(); }, () => { statuses.error = (statuses.error ?? 0) + 1; }));
    }
    const sendSeconds = (performance.now() - t0) / 1000;
    await Promise.all(inflight);
    sending = false;
    await poller;

    streamAbort.abort();
    const streamDelays = [...sentAt].filter(([sha]) => streamAt.has(sha)).map(([sha, t]) => streamAt.get(sha)! - t).sort((a, b) => a - b);
    const delays = [...sentAt].filter(([sha]) => seenAt.has(sha)).map(([sha, t]) => seenAt.get(sha)! - t).sort((a, b) => a - b);
    const missing = sentAt.size - delays.length;
    const within = delays.filter((d) => d <= TARGET_MS).length;
    const ok = missing === 0 && within === sentAt.size && rssPeak < TARGET_RSS_MB;
    say('');
    say(`bench:tui  the built dashboard in tmux (120x60, Receipts screen), one server process, ${TEAMS} teams, ${V8_DEFAULTS ? "V8's default heap (BENCH_TUI_V8_DEFAULTS)" : "the dashboard's heap flags (tui/heap.ts)"}`);
    printMachine();
    say(`  load avg    ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} (1, 5, 15 min, at the end)`);
    say('');
    const line = (label: string, value: string) => say(`  ${label.padEnd(44)}${value}`);
    line(`deliveries sent (${sendSeconds.toFixed(1)} s)`, `${sentAt.size} (${(sentAt.size / sendSeconds).toFixed(0)}/s), statuses ${JSON.stringify(statuses)}`);
    line('send to stream (harness SSE reader)', `p50 ${pct(streamDelays, 50).toFixed(0)} ms, p99 ${pct(streamDelays, 99).toFixed(0)} ms, max ${(streamDelays.at(-1) ?? 0).toFixed(0)} ms (${streamDelays.length} received)`);
    line('send to screen (capture-pane, 100 ms polls)', `p50 ${pct(delays, 50).toFixed(0)} ms, p99 ${pct(delays, 99).toFixed(0)} ms, max ${(delays.at(-1) ?? 0).toFixed(0)} ms`);
    line('on screen within 1 s', `${within} of ${sentAt.size} (${((within / sentAt.size) * 100).toFixed(1)}%), never seen ${missing}`);
    line('dashboard resident memory (VmRSS)', `idle ${rssIdle.toFixed(0)} MB, peak ${rssPeak.toFixed(0)} MB`);
    say('');
    say(`  target      every receipt on screen within ${TARGET_MS} ms, under ${TARGET_RSS_MB} MB resident: ${ok ? 'PASS' : 'FAIL'}`);
    // Quit as an organizer would (`q`), so flags such as --cpu-prof in BENCH_TUI_NODE_OPTIONS write their files.
    tmux('send-keys', '-t', SESSION, 'q');
    const alive = () => { try { process.kill(pid, 0); return true; } catch { return false; } };
    for (let i = 0; i < 50 && alive(); i++) await sleep(100);
  } finally {
    try {
      tmux('kill-server');
    } catch {
      /* already gone */
    }
  }
});
