// A stand-in for the GitHub REST API and git over smart HTTP, at the edge behind the
// GithubCodeHost driver (core/codehost/github.ts): the few routes the driver uses, with every
// request logged as "METHOD path?query auth-kind". Used by test/core/codehost-github.test.ts
// and by the roster-removal job test (test/workers/codehost-revoke-access.test.ts).
// `failures` makes the next N calls whose "METHOD path" starts with a prefix answer 502;
// `limits` makes them answer a rate limit: 'primary' (403, none left, reset in an hour) or
// 'secondary' (403, retry-after 1 s), as GitHub does.
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { runHttpBackend } from '../../api/routes/git/cgi.ts';
import { GithubCodeHost } from '../../core/codehost/github.ts';
import { loadConfig } from '../../core/config.ts';
import { commitFile, git, tempDir } from './codehost.ts';

export const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const TOKEN = 'ghs_standin_token';

export interface GithubStandin {
  base: string;
  log: string[];
  repos: Set<string>;
  collaborators: Map<string, string>; // "repo login" -> permission
  accepted: Set<string>; // "repo login"
  failures: Map<string, number>; // "METHOD /path" prefix -> how many more calls answer 502
  limits: Map<string, { kind: 'primary' | 'secondary'; n: number }>; // "METHOD /path" prefix -> a rate limit for the next n calls
  gitRoot: string;
  templateSha: string;
  host(): GithubCodeHost;
  close(): void;
}

function jwtOk(auth: string | undefined): boolean {
  const [h, p, sig] = (auth ?? '').replace(/^Bearer /i, '').split('.');
  if (!h || !p || !sig) return false;
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
  return createVerify('RSA-SHA256').update(`${h}.${p}`).verify(publicKey, Buffer.from(sig, 'base64url')) && claims.iss === '4242' && claims.exp > Date.now() / 1000;
}

export async function startGithubStandin(): Promise<GithubStandin> {
  const log: string[] = [];
  const repos = new Set(['acme/template']);
  const collaborators = new Map<string, string>();
  const accepted = new Set<string>();
  const failures = new Map<string, number>();
  const limits = new Map<string, { kind: 'primary' | 'secondary'; n: number }>();
  const invitationIds = new Map<string, number>(); // "repo login" -> invitation id
  const gitRoot = tempDir('standin-git-');
  const work = tempDir();
  await git(work, ['init', '-q', 'w']);
  const templateSha = await commitFile(path.join(work, 'w'), 'README.md', 'template\n');
  mkdirSync(path.join(gitRoot, 'acme'), { recursive: true });
  await git(work, ['clone', '-q', '--bare', path.join(work, 'w'), path.join(gitRoot, 'acme', 'template.git')]);
  const invitationId = (k: string) => {
    if (!invitationIds.has(k)) invitationIds.set(k, 1000 + invitationIds.size);
    return invitationIds.get(k)!;
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const auth = req.headers.authorization;
    // The scheme's letter case is free (RFC 9110): octokit's auth-app writes "bearer".
    const kind = /^Bearer /i.test(auth ?? '') ? (jwtOk(auth) ? 'jwt' : 'bad-jwt') : auth === `token ${TOKEN}` ? 'token' : auth?.startsWith('Basic ') ? 'basic' : 'none';
    log.push(`${req.method} ${url.pathname}${url.search} ${kind}`);
    if (url.pathname.startsWith('/git/')) {
      if (auth !== `Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="x"' }).end();
        return;
      }
      void runHttpBackend({ projectRoot: gitRoot, pathInfo: url.pathname.slice(4), query: url.search.slice(1), method: req.method!, remoteUser: 'app', raw: req, body: req.method === 'POST' ? req : null }, res);
      return;
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const send = (status: number, json?: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(json === undefined ? '' : JSON.stringify(json));
      const m = (re: RegExp) => re.exec(url.pathname);
      let x: RegExpExecArray | null;
      for (const [prefix, n] of failures) {
        if (n > 0 && `${req.method} ${url.pathname}`.startsWith(prefix)) {
          failures.set(prefix, n - 1);
          return send(502, { message: 'Server Error' });
        }
      }
      for (const [prefix, l] of limits) {
        if (l.n > 0 && `${req.method} ${url.pathname}`.startsWith(prefix)) {
          l.n--;
          if (l.kind === 'secondary') {
            res.writeHead(403, { 'content-type': 'application/json', 'retry-after': '1' });
            return res.end(JSON.stringify({ message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' }));
          }
          res.writeHead(403, { 'content-type': 'application/json', 'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600) });
          return res.end(JSON.stringify({ message: 'API rate limit exceeded for installation ID 77.' }));
        }
      }
      if (url.pathname === '/orgs/acme/installation') return kind === 'jwt' ? send(200, { id: 77 }) : send(401, { message: 'Bad credentials' });
      // An organization the app is not installed on, and one whose answer is a refusal.
      if (url.pathname === '/orgs/elsewhere/installation') return kind === 'jwt' ? send(404, { message: 'Not Found' }) : send(401, { message: 'Bad credentials' });
      if (url.pathname === '/orgs/locked/installation') return send(403, { message: 'Resource not accessible by integration' });
      if (url.pathname === '/app/installations/77/access_tokens' && req.method === 'POST') return kind === 'jwt' ? send(201, { token: TOKEN, expires_at: new Date(Date.now() + 3600_000).toISOString() }) : send(401, {});
      if (kind !== 'token') return send(401, { message: 'Bad credentials' });
      if ((x = m(/^\/repos\/([^/]+\/[^/]+)\/branches\/main$/))) return repos.has(x[1]!) ? send(200, { name: 'main', commit: { sha: templateSha } }) : send(404, { message: 'Not Found' });
      if ((x = m(/^\/repos\/([^/]+\/[^/]+)$/))) return repos.has(x[1]!) ? send(200, { full_name: x[1] }) : send(404, { message: 'Not Found' });
      if ((x = m(/^\/repos\/acme\/template\/generate$/))) {
        const b = JSON.parse(body);
        repos.add(`${b.owner}/${b.name}`);
        return send(201, { full_name: `${b.owner}/${b.name}`, private: b.private });
      }
      if ((x = m(/^\/repos\/([^/]+\/[^/]+)\/collaborators\/([^/]+)\/permission$/))) {
        // GitHub's answer: `permission` folds maintain into write and pull is read.
        const k = `${x[1]} ${x[2]!.toLowerCase()}`;
        if (x[2] === 'ghost') return send(404, { message: 'Not Found' });
        const p = accepted.has(k) ? collaborators.get(k) : undefined;
        return send(200, p === 'maintain' ? { permission: 'write', role_name: 'maintain' } : p === 'pull' ? { permission: 'read', role_name: 'read' } : { permission: 'none', role_name: '' });
      }
      if ((x = m(/^\/repos\/([^/]+\/[^/]+)\/collaborators\/([^/]+)$/))) {
        const k = `${x[1]} ${x[2]!.toLowerCase()}`;
        if (x[2] === 'ghost') return send(404, { message: 'Not Found' });
        if (req.method === 'PUT') { collaborators.set(k, JSON.parse(body).permission); return send(201, { id: 1 }); }
        // Removing a collaborator (204 whether or not they were one); a pending invitation stays.
        if (req.method === 'DELETE') { if (accepted.has(k)) { accepted.delete(k); collaborators.delete(k); } return send(204); }
        return accepted.has(k) ? send(204) : send(404);
      }
      if ((x = m(/^\/repos\/acme\/template\/commits$/))) {
        // GitHub's list-commits shape, 150 commits newest first from the sha asked, 100 a page.
        if (url.searchParams.get('sha') !== 'c'.repeat(40)) return send(404, { message: 'No commit found for SHA' });
        const page = Number(url.searchParams.get('page'));
        const all = Array.from({ length: 150 }, (_, i) => ({
          sha: i === 0 ? 'c'.repeat(40) : i.toString(16).padStart(40, '0'),
          parents: i === 149 ? [] : [{ sha: (i + 1).toString(16).padStart(40, '0') }],
          commit: {
            author: { name: `Dev ${i % 3}`, email: i % 3 === 0 ? 'Dev0@team.test' : `dev${i % 3}@team.test`, date: new Date(Date.UTC(2030, 0, 1) - i * 60_000).toISOString() },
            committer: { name: 'GitHub', email: 'noreply@github.com', date: new Date(Date.UTC(2030, 0, 1) - i * 60_000 + 5_000).toISOString() },
            message: `change ${i}\n\nbody`,
          },
        }));
        return send(200, all.slice((page - 1) * 100, page * 100));
      }
      if ((x = m(/^\/repos\/([^/]+\/[^/]+)\/invitations$/))) {
        if (!repos.has(x[1]!)) return send(404, { message: 'Not Found' });
        return send(200, [...collaborators.keys()].filter((k) => k.startsWith(`${x![1]} `) && !accepted.has(k)).map((k) => ({ id: invitationId(k), invitee: { login: k.split(' ')[1] } })));
      }
      if ((x = m(/^\/repos\/([^/]+\/[^/]+)\/invitations\/(\d+)$/)) && req.method === 'DELETE') {
        for (const k of [...collaborators.keys()]) if (k.startsWith(`${x[1]} `) && !accepted.has(k) && invitationId(k) === Number(x[2])) collaborators.delete(k);
        return send(204);
      }
      send(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const host = () => new GithubCodeHost({ appId: '4242', privateKey: loadConfig({ AUTH_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://x', CODE_HOST: 'github', GITHUB_APP_ID: '4242', GITHUB_APP_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), GITHUB_API_URL: base, GITHUB_GIT_URL: `${base}/git` }).github!.privateKey, apiUrl: base, gitUrl: `${base}/git`, spacing: { writeMs: 0, notifyingWriteMs: 0 } });
  return { base, log, repos, collaborators, accepted, failures, limits, gitRoot, templateSha, host, close: () => server.close() };
}
