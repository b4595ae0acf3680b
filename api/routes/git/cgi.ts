// git's own smart HTTP server (git http-backend) run as a CGI program: the request body
// streams into its stdin, its CGI headers become the response status and headers, and the
// rest of its stdout streams back. Nothing is buffered beyond the header block.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { GIT_ENV } from '../../../core/codehost/git.ts';
import type { Spawner } from '../../../core/spawner/index.ts';

export interface CgiRequest {
  projectRoot: string;
  pathInfo: string;
  query: string;
  method: string;
  remoteUser: string;
  raw: IncomingMessage;
  body: Readable | null;
  /** More environment for http-backend and the git it runs (the push report hook). */
  env?: Record<string, string>;
  /** Run http-backend (and the git it starts) at this niceness, when `nice` is installed. */
  nice?: number;
  /** Start http-backend through this helper process, not by forking this one (core/spawner). */
  spawner?: Spawner;
}

/** coreutils' nice, where it is (every Linux image Podium runs on has it; absent, git runs as is). */
const NICE = ['/usr/bin/nice', '/bin/nice'].find((p) => existsSync(p)) ?? null;

/** Runs http-backend for one request; resolves with its exit code once the response ended. */
export function runHttpBackend(r: CgiRequest, res: ServerResponse): Promise<number> {
  const h = r.raw.headers;
  const [command, args] = r.nice && NICE ? [NICE, ['-n', String(r.nice), 'git', 'http-backend']] : ['git', ['http-backend']];
  const env = {
    ...GIT_ENV,
    GIT_PROJECT_ROOT: r.projectRoot,
    GIT_HTTP_EXPORT_ALL: '1',
    PATH_INFO: r.pathInfo,
    QUERY_STRING: r.query,
    REQUEST_METHOD: r.method,
    CONTENT_TYPE: h['content-type'] ?? '',
    ...(h['content-length'] ? { CONTENT_LENGTH: h['content-length'] } : {}),
    HTTP_CONTENT_ENCODING: String(h['content-encoding'] ?? ''),
    GIT_PROTOCOL: String(h['git-protocol'] ?? ''),
    REMOTE_USER: r.remoteUser, // http-backend enables receive-pack only for an authenticated user
    REMOTE_ADDR: r.raw.socket.remoteAddress ?? '',
    ...r.env,
  };
  const child = r.spawner ? r.spawner.spawn(command, args, { env }) : spawn(command, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => { if (stderr.length < 4000) stderr += d.toString(); });
  if (r.body) r.body.pipe(child.stdin);
  else child.stdin.end();
  child.stdin.on('error', () => {}); // the backend may stop reading after refusing a request
  // A client that goes away mid-request: the backend would wait for the rest of the body for
  // good (pipe never ends its stdin). SIGTERM lets git remove its lock files as it stops.
  res.on('close', () => {
    if (!res.writableFinished && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });

  let head = Buffer.alloc(0);
  let headersDone = false;
  child.stdout.on('data', (chunk: Buffer) => {
    if (headersDone) {
      if (!res.write(chunk)) { child.stdout.pause(); res.once('drain', () => child.stdout.resume()); }
      return;
    }
    head = Buffer.concat([head, chunk]);
    const crlf = head.indexOf('\r\n\r\n');
    const lf = head.indexOf('\n\n');
    const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf + 4 : lf >= 0 ? lf + 2 : -1;
    if (end < 0) return;
    headersDone = true;
    let status = 200;
    for (const line of head.subarray(0, end).toString('latin1').split(/\r?\n/)) {
      const i = line.indexOf(':');
      if (i <= 0) continue;
      const name = line.slice(0, i).trim();
      const value = line.slice(i + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 500;
      else res.setHeader(name, value);
    }
    res.writeHead(status);
    const rest = head.subarray(end);
    if (rest.length) res.write(rest);
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (!headersDone && !res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.write('git http-backend failed\n');
      }
      res.end();
      resolve(code ?? 1);
    });
  });
}
