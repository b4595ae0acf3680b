// The load side of bench:vote, run as its own process.
//   vote-load.ts stub <port>                     a do-nothing HTTP server (reads the body, answers 200
//                                                JSON): what the generator's ceiling is measured against
//   vote-load.ts run <url> <jobs.json> <connections>
//                                                `connections` concurrent loops over keep-alive loopback
//                                                connections take the next job (a voter's key and ranking)
//                                                and POST it to /api/v1/community/ballot/submission with its
//                                                own Idempotency-Key; prints one JSON line: sent, accepted,
//                                                statuses, elapsed, p50, p99, max.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [mode, ...args] = process.argv.slice(2);

if (mode === 'stub') {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"state":"submitted","revision":1}');
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(Number(args[0]), '127.0.0.1', () => process.stdout.write('listening\n'));
} else {
  const [url, jobsFile, connections] = args;
  const jobs = JSON.parse(readFileSync(jobsFile!, 'utf8')) as { key: string; body: string }[];
  const target = new URL(`${url}/api/v1/community/ballot/submission`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let accepted = 0;
  let next = 0;

  const post = (job: { key: string; body: string }): Promise<number> =>
    new Promise((resolve) => {
      const req = http.request({
        host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(job.body), authorization: `Bearer ${job.key}`, 'idempotency-key': randomUUID() },
      }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
      req.end(job.body);
    });

  const t0 = performance.now();
  await Promise.all(Array.from({ length: Number(connections) }, async () => {
    for (let i = next++; i < jobs.length; i = next++) {
      const s = performance.now();
      const status = await post(jobs[i]!);
      latencies.push(performance.now() - s);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 200) accepted++;
    }
  }));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  process.stdout.write(JSON.stringify({ sent: latencies.length, accepted, statuses, elapsed, p50: pct(50), p99: pct(99), max: latencies.at(-1) ?? 0 }) + '\n');
  agent.destroy();
}
