// The load side of bench:intake, run as its own process: `connections` concurrent loops
// POST signed push deliveries (each its own X-GitHub-Delivery) for `seconds`, over
// keep-alive loopback connections. Prints one JSON line: sent, status counts, latencies.
// Each delivery brings its own revision (`after`): the same body again would be a replay,
// recorded once (docs/WIRE.md), and the load would measure the duplicate answer only.
import http from 'node:http';
import { signBody, webhookSecret } from '../core/codehost/webhook.ts';

const [url, eventId, authSecret, repository, connections, seconds] = process.argv.slice(2);
const secret = webhookSecret(authSecret!, eventId!);
const bodyOf = (n: number) => JSON.stringify({
  ref: 'refs/heads/main', before: '0'.repeat(40), after: `${process.pid.toString(16)}f${n.toString(16)}`.padStart(40, 'a'), created: false, deleted: false, forced: false,
  commits: [], head_commit: null, repository: { name: repository!.split('/')[1], full_name: repository, owner: { login: repository!.split('/')[0] } },
  organization: { login: repository!.split('/')[0] }, pusher: { name: 'bench', email: 'bench@x.test' }, sender: { login: 'bench' },
});
const target = new URL(`${url}/webhooks/github/${eventId}`);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
const latencies: number[] = [];
const statuses: Record<string, number> = {};
const deliveries: string[] = [];
let n = 0;

function post(id: string, n: number): Promise<number> {
  const body = bodyOf(n);
  const signature = signBody(secret, body);
  return new Promise((resolve) => {
    const req = http.request({
      host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-github-event': 'push', 'x-github-delivery': id, 'x-hub-signature-256': signature },
    }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

const until = performance.now() + Number(seconds) * 1000;
const t0 = performance.now();
await Promise.all(Array.from({ length: Number(connections) }, async (_, c) => {
  while (performance.now() < until) {
    const i = n++;
    const id = `bench-${process.pid}-${c}-${i}`;
    const s = performance.now();
    const status = await post(id, i);
    latencies.push(performance.now() - s);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 202) deliveries.push(id);
  }
}));
const elapsed = (performance.now() - t0) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
process.stdout.write(JSON.stringify({ sent: latencies.length, accepted: deliveries.length, statuses, elapsed, p50: pct(50), p99: pct(99), max: latencies.at(-1) ?? 0 }) + '\n');
agent.destroy();
