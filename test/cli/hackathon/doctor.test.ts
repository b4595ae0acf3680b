// `hackathon doctor`, the built binary: stand-in `docker` executables (no Docker engine on
// these machines) that record nothing and simulate a healthy or a stopped daemon; the push
// proof with real git against the local code host, credentials from a git credential
// helper; exit code of the first failure's class; every secret shape redacted.
import test from 'ava';
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { redact } from '../../../cli/lib/redact.ts';
import { LocalCodeHost } from '../../../core/codehost/local.ts';
import { ownRepository } from '../../helpers/codehost.ts';
import { assignRepository, createEvent, eventWorkspace, HOUR, importRoster, person, teamIds, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { hackathon, makeHome } from './run.ts';

let s: TestServer;
let ann: Person, bob: Person;
const standin = mkdtempSync(path.join(os.tmpdir(), 'doctor-bin-'));

test.before(async () => {
  s = await startTestServer();
  const host = new LocalCodeHost(s.config.dataDir, s.db.pool);
  const w = await eventWorkspace(s.db.pool, 'Doc');
  ann = await person(s.db.pool, w.ws.id, 'ann@doc.test');
  bob = await person(s.db.pool, w.ws.id, 'bob@doc.test');
  const event = await createEvent(s.url, w.owner.key, Date.now() + HOUR);
  await http(s.url, 'PUT', '/api/v1/event/github', { key: w.owner.key, body: { organization: 'acme', template: 'acme/template' } });
  await importRoster(s.url, w.owner.key, [{ email: ann.email, team: 'Rocket' }, { email: bob.email, team: 'Comet' }]);
  const rocket = (await teamIds(s.db.pool, w.ws.id)).Rocket!;
  await http(s.url, 'PUT', '/bootstrap/github', { key: ann.key, body: { login: 'ann-gh' } });
  await http(s.url, 'PUT', '/bootstrap/github', { key: bob.key, body: { login: 'bob-gh' } });
  await ownRepository(s.db.pool, event.id, 'acme/rocket'); // as provisioning records it before creating it
  await host.createEmpty('acme/rocket');
  await assignRepository(s.db.pool, rocket, 'acme/rocket', 'ready');
  await host.invite('acme/rocket', 'ann-gh', 'maintain');
  const accepted = await http(s.url, 'POST', '/api/v1/codehost/invitations/accept', { key: ann.key, body: { repository: 'acme/rocket' } });
  if (accepted.status !== 200) throw new Error(accepted.text);
  writeFileSync(path.join(standin, 'docker'), `#!/bin/sh
case "$1" in
  --version) echo "Docker version 99.0.0, build standin" ;;
  info) if [ "$DOCKER_STANDIN" = down ]; then echo "Cannot connect to the Docker daemon at unix:///var/run/docker.sock" >&2; exit 1; fi; echo 99.0.0 ;;
  compose) echo "Docker Compose version v2.99.0" ;;
  *) exit 1 ;;
esac
`);
  chmodSync(path.join(standin, 'docker'), 0o755);
});
test.after.always(() => s?.close());

/** A git global config whose credential helper answers as `login` with `key` (or none). */
function gitConfig(cred: { login: string; key: string } | null): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'doctor-git-')), 'gitconfig');
  writeFileSync(file, cred ? `[credential]\n\thelper = "!f() { test \\"$1\\" = get && echo username=${cred.login} && echo password=${cred.key}; }; f"\n` : '');
  return file;
}

function env(as: Person, cred: { login: string; key: string } | null, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...makeHome().env, PATH: `${standin}:${process.env.PATH}`, EVENT_URL: s.url, EVENT_API_KEY: as.key, GIT_CONFIG_GLOBAL: gitConfig(cred), GIT_CONFIG_NOSYSTEM: '1', ...extra };
}

test('all checks pass: one line per check, exit 0; --json carries ok, platform and the checks', async (t) => {
  const e = env(ann, { login: 'ann-gh', key: ann.key });
  const r = await hackathon(['doctor'], e);
  t.is(r.code, 0, r.stdout + r.stderr);
  t.regex(r.stdout, /^ok   git: git version .*\nok   javascript runtime: node v\d+.*\nok   container tool: Docker version 99\.0\.0, build standin\nok   container daemon: server 99\.0\.0\nok   compose: Docker Compose version v2\.99\.0\nok   push proof: ann-gh may push to acme\/rocket\n$/);
  const j = JSON.parse((await hackathon(['doctor', '--json'], e)).stdout);
  t.true(j.ok);
  t.is(j.platform, process.platform);
  t.deepEqual(j.checks.map((c: { name: string }) => c.name), ['git', 'javascript runtime', 'container tool', 'container daemon', 'compose', 'push proof']);
  t.false(JSON.stringify(j).includes(ann.key));
});

test('a stopped daemon fails in class environment (exit 4) with a fix for this system', async (t) => {
  const r = await hackathon(['doctor', '--json'], env(ann, { login: 'ann-gh', key: ann.key }, { DOCKER_STANDIN: 'down' }));
  t.is(r.code, 4);
  const j = JSON.parse(r.stdout);
  t.false(j.ok);
  t.like(j.checks[3], { name: 'container daemon', ok: false, cls: 'environment' });
  t.regex(j.checks[3].fix, process.platform === 'linux' ? /systemctl start docker/ : /Docker Desktop/);
});

test('a missing container tool is an environment failure naming what to install', async (t) => {
  const bin = mkdtempSync(path.join(os.tmpdir(), 'doctor-nodocker-'));
  for (const tool of ['git', 'sh']) symlinkSync(execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim(), path.join(bin, tool));
  symlinkSync(process.execPath, path.join(bin, 'node'));
  const r = await hackathon(['doctor', '--json'], { ...env(ann, { login: 'ann-gh', key: ann.key }), PATH: bin });
  t.is(r.code, 4);
  const j = JSON.parse(r.stdout);
  t.like(j.checks.find((c: { name: string }) => c.name === 'container tool'), { ok: false, cls: 'environment', detail: 'docker is not installed' });
});

test('no credential on this machine: the push proof fails in class access (exit 3)', async (t) => {
  const r = await hackathon(['doctor', '--json'], env(ann, null));
  t.is(r.code, 3);
  const proof = JSON.parse(r.stdout).checks.at(-1);
  t.like(proof, { name: 'push proof', ok: false, cls: 'access' });
  t.regex(proof.detail, /^no credential on this machine for 127\.0\.0\.1:\d+$/);
});

test('a credential the host refuses: access, naming the account seen and the fix', async (t) => {
  // Ann's team repository, but this machine signs in as Bob, who was never invited.
  const r = await hackathon(['doctor', '--json'], env(ann, { login: 'bob-gh', key: bob.key }));
  t.is(r.code, 3);
  const proof = JSON.parse(r.stdout).checks.at(-1);
  t.like(proof, { name: 'push proof', ok: false, cls: 'access' });
  t.regex(proof.detail, /refused a push to acme\/rocket by bob-gh/);
  t.regex(proof.fix, /accept your invitation to acme\/rocket .* or sign in with your roster account instead of bob-gh/);
  t.false(r.stdout.includes(bob.key));
});

test('--directory checks the clone\'s origin', async (t) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'doctor-clone-'));
  execFileSync('git', ['init', '-q', dir]);
  execFileSync('git', ['-C', dir, 'remote', 'add', 'origin', `${s.url}/git/acme/rocket.git`]);
  const r = await hackathon(['doctor', '--directory', dir], env(ann, { login: 'ann-gh', key: ann.key }));
  t.is(r.code, 0, r.stdout);
  t.regex(r.stdout, /push proof: ann-gh may push to acme\/rocket/);
});

/** A clone whose origin is `url` (no commit: the proof pushes an empty scratch commit). */
function cloneWithOrigin(url: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'doctor-clone-'));
  execFileSync('git', ['init', '-q', dir]);
  execFileSync('git', ['-C', dir, 'remote', 'add', 'origin', url]);
  return dir;
}

/** A stand-in for ssh (GIT_SSH_COMMAND): the given shell body, run whatever the arguments. */
function sshStandin(body: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'doctor-ssh-')), 'fake-ssh');
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

async function proofOver(dir: string, extra: NodeJS.ProcessEnv, cred: { login: string; key: string } | null = null) {
  const r = await hackathon(['doctor', '--json', '--directory', dir], env(ann, cred, extra));
  return { r, proof: JSON.parse(r.stdout).checks.at(-1) };
}

test('over ssh, a refusal naming an account: access, naming the account seen (no credential fill)', async (t) => {
  const ssh = sshStandin(`echo "ERROR: Permission to acme/rocket.git denied to bob." >&2\necho "fatal: Could not read from remote repository." >&2\nexit 128`);
  const { r, proof } = await proofOver(cloneWithOrigin('git@github.com:acme/rocket.git'), { GIT_SSH_COMMAND: ssh });
  t.is(r.code, 3, r.stdout);
  t.like(proof, { name: 'push proof', ok: false, cls: 'access', detail: 'github.com refused a push to acme/rocket by bob' });
  t.regex(proof.fix, /accept your invitation to acme\/rocket .* or sign in with your roster account instead of bob$/);
});

test('over ssh, a key the host does not know: access, with the SSH key fix', async (t) => {
  const ssh = sshStandin(`echo "git@github.com: Permission denied (publickey)." >&2\necho "fatal: Could not read from remote repository." >&2\nexit 128`);
  const { r, proof } = await proofOver(cloneWithOrigin('ssh://git@github.com/acme/rocket.git'), { GIT_SSH_COMMAND: ssh });
  t.is(r.code, 3, r.stdout);
  t.like(proof, { name: 'push proof', ok: false, cls: 'access' });
  t.regex(proof.detail, /^github\.com refused the SSH key on this machine \(.*Permission denied \(publickey\)/);
  t.is(proof.fix, 'add your SSH key to your GitHub account or clone over https');
});

test('over ssh, a host that accepts the dry run: ok (the stand-in serves a local bare repository)', async (t) => {
  const bare = mkdtempSync(path.join(os.tmpdir(), 'doctor-bare-'));
  execFileSync('git', ['init', '-q', '--bare', bare]);
  const ssh = sshStandin(`exec git receive-pack '${bare}'`);
  const { r, proof } = await proofOver(cloneWithOrigin('git@github.com:acme/rocket.git'), { GIT_SSH_COMMAND: ssh });
  t.is(r.code, 0, r.stdout);
  t.like(proof, { name: 'push proof', ok: true, detail: 'this machine may push to acme/rocket' });
  t.is(execFileSync('git', ['-C', bare, 'for-each-ref'], { encoding: 'utf8' }), '', 'a dry run pushes nothing');
});

test('over ssh, a connection failure: environment', async (t) => {
  const ssh = sshStandin(`echo "ssh: connect to host github.com port 22: Connection refused" >&2\necho "fatal: Could not read from remote repository." >&2\necho "Please make sure you have the correct access rights" >&2\nexit 128`);
  const { r, proof } = await proofOver(cloneWithOrigin('git@github.com:acme/rocket.git'), { GIT_SSH_COMMAND: ssh });
  t.is(r.code, 4, r.stdout);
  t.like(proof, { name: 'push proof', ok: false, cls: 'environment' });
  t.regex(proof.detail, /^could not ask github\.com: ssh: connect to host github\.com port 22: Connection refused$/);
});

test('over https, a network error (nothing listens on the port): environment', async (t) => {
  const port = await new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
  });
  const { r, proof } = await proofOver(cloneWithOrigin(`http://127.0.0.1:${port}/git/acme/rocket.git`), {}, { login: 'ann-gh', key: ann.key });
  t.is(r.code, 4, r.stdout);
  t.like(proof, { name: 'push proof', ok: false, cls: 'environment' });
  t.regex(proof.detail, new RegExp(`^could not ask 127\\.0\\.0\\.1:${port}: `));
});

test('a host that never answers: environment after the push proof timeout (shortened for the test)', async (t) => {
  const sockets: net.Socket[] = [];
  const srv = net.createServer((sock) => void sockets.push(sock)); // accepts, never answers
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  try {
    const { r, proof } = await proofOver(cloneWithOrigin(`http://127.0.0.1:${port}/git/acme/rocket.git`), { HACKATHON_PUSH_PROOF_TIMEOUT_MS: '5000' }, { login: 'ann-gh', key: ann.key });
    t.is(r.code, 4, r.stdout);
    t.like(proof, { name: 'push proof', ok: false, cls: 'environment', detail: `127.0.0.1:${port} did not answer within 5 s` });
    t.true(sockets.length > 0, 'git reached the listener');
  } finally {
    for (const sock of sockets) sock.destroy();
    srv.close();
  }
});

test('a JavaScript runtime older than 22: environment, with the install fix', async (t) => {
  const bin = mkdtempSync(path.join(os.tmpdir(), 'doctor-oldnode-'));
  writeFileSync(path.join(bin, 'node'), '#!/bin/sh\necho v20.0.0\n');
  chmodSync(path.join(bin, 'node'), 0o755);
  const r = await hackathon(['doctor', '--json'], env(ann, { login: 'ann-gh', key: ann.key }, { PATH: `${bin}:${standin}:${process.env.PATH}` }));
  t.is(r.code, 4, r.stdout);
  const j = JSON.parse(r.stdout);
  t.like(j.checks.find((c: { name: string }) => c.name === 'javascript runtime'), { ok: false, cls: 'environment', detail: 'node v20.0.0 is older than 22' });
  t.regex(j.checks.find((c: { name: string }) => c.name === 'javascript runtime').fix, /22/);
  t.true(j.checks.filter((c: { ok: boolean }) => !c.ok).length === 1, 'the other checks pass');
});

test('redaction: Podium keys, code-host tokens, bearer and basic headers, credentials in URLs', (t) => {
  const cases: [string, string][] = [
    ['key hck_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd', 'key [redacted]'],
    ['deck dk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789', 'deck [redacted]'],
    ['token ghp_abcdefghijklmnopqrstuvwxyz0123456789', 'token [redacted]'],
    ['pat github_pat_11ABCDEFG0123456789_abcdefghijklmnop', 'pat [redacted]'],
    ['oauth gho_abcdefghijklmnopqrstuvwxyz012345', 'oauth [redacted]'],
    ['Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig', 'Authorization: Bearer [redacted]'],
    ['Authorization: Basic YW5uOmhja19zZWNyZXQ=', 'Authorization: Basic [redacted]'],
    ['fatal: https://ann:s3cret-pass@github.com/acme/rocket.git', 'fatal: https://[redacted]@github.com/acme/rocket.git'],
    ['https://x-access-token:ghs_abcdefghijklmnopqrstuvwxyz@github.com', 'https://[redacted]@github.com'],
    ['nothing secret here: https://github.com/acme/rocket', 'nothing secret here: https://github.com/acme/rocket'],
  ];
  for (const [input, want] of cases) t.is(redact(input), want, input);
});
