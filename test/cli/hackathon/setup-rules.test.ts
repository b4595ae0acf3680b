// The setup rules decided without a server or a tool: which remotes name the same
// repository (https, ssh and scp-like forms, any case), the assignment and access gate
// from a bootstrap record (every standing; `unknown` goes on), and the manifest rules.
import test from 'ava';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Access, BootstrapRecord } from '../../../cli/hackathon/bootstrap.ts';
import { accessGate, assignment } from '../../../cli/hackathon/setup/assignment.ts';
import { repositoryIdentity, sameRepository } from '../../../cli/hackathon/setup/clone.ts';
import { readManifest } from '../../../cli/hackathon/setup/manifest.ts';
import { CliError } from '../../../cli/lib/errors.ts';
import { tempDir } from '../../helpers/codehost.ts';

test('the same repository over https, ssh and scp-like forms, case-insensitive', (t) => {
  const https = 'https://github.com/Acme/Rocket.git';
  for (const other of ['https://github.com/acme/rocket', 'git@github.com:acme/rocket.git', 'ssh://git@github.com/ACME/rocket.git', 'ssh://git@github.com:22/acme/rocket/', 'https://user@github.com/acme/rocket.git']) {
    t.true(sameRepository(https, other), other);
  }
  for (const other of ['https://github.com/acme/comet.git', 'https://gitlab.com/acme/rocket.git', 'git@github.com:someone/rocket.git', '/srv/git/acme/rocket.git', '']) {
    t.false(sameRepository(https, other), other);
  }
  t.is(repositoryIdentity('http://127.0.0.1:4000/git/acme/rocket.git'), '127.0.0.1/git/acme/rocket');
});

const access = (over: Partial<Access>): Access => ({ standing: 'member', canPush: true, invitationUrl: null, fix: null, ...over });
const record = (over: Partial<BootstrapRecord>): BootstrapRecord => ({
  person: { id: 'p', email: 'ann@x.test', name: null },
  role: 'participant',
  team: { id: 't', name: 'Rocket' },
  githubLogin: 'ann-gh',
  codeHost: 'github',
  event: { id: 'e', name: 'Spring Hack', phase: 'build' },
  repository: { fullName: 'acme/rocket', cloneUrl: 'https://github.com/acme/rocket.git', branch: 'main', readiness: 'ready', access: access({}) },
  installer: { name: 'hackathon-installer', version: '1.0.0', sha256: '0'.repeat(64), url: 'http://x/bootstrap/installer-skill' },
  dashboardUrl: 'http://x/event',
  setup: { directoryName: 'rocket' },
  ...over,
});

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err as CliError;
  }
  throw new Error('no refusal');
};

test('assignment: a participant with a repository goes on; others exit 3 saying whom to ask', (t) => {
  t.is(assignment(record({})).fullName, 'acme/rocket');
  t.like(refusal(() => assignment(record({ role: 'jury' }))), { exitCode: 3, code: 'not_a_participant', message: 'you are a jury viewer of Spring Hack: there is no team app to set up' });
  t.like(refusal(() => assignment(record({ team: null, repository: null }))), { exitCode: 3, code: 'not_assigned' });
  t.regex(refusal(() => assignment(record({ repository: null }))).message, /ask an organizer to provision/);
});

test('access gate: every standing; unknown goes on with a warning; the server fix wins over the client sentence', (t) => {
  const repo = (a: Partial<Access>) => ({ ...record({}).repository!, access: access(a) });
  t.like(accessGate(repo({}), 'github'), { name: 'access', status: 'ok' });
  t.like(accessGate(repo({ standing: 'unknown', canPush: false }), 'github'), { name: 'access', status: 'warning' });
  const cases: [Partial<Access>, RegExp][] = [
    [{ standing: 'no_username', canPush: false }, /no GitHub username is saved\. Tell the platform your GitHub username: hackathon setup --github <login>\.$/],
    [{ standing: 'none', canPush: false }, /you are not invited\. You are not invited to acme\/rocket; ask an organizer/],
    [{ standing: 'invited', canPush: false, invitationUrl: 'https://github.com/acme/rocket/invitations' }, /Accept the invitation to acme\/rocket: https:\/\/github\.com\/acme\/rocket\/invitations\.$/],
    [{ standing: 'member', canPush: false }, /you cannot push\. You can read acme\/rocket but not push/],
    [{ standing: 'invited', canPush: false, fix: 'Accept it on GitHub.' }, /your invitation is not accepted yet\. Accept it on GitHub\.$/],
  ];
  t.regex(refusal(() => accessGate(repo({ standing: 'no_username', canPush: false }), 'local')).message,
    /no code-host username is saved\. Tell the platform your code-host username: hackathon setup --github <login>\.$/, 'on the local code host the username is no GitHub account');
  for (const [a, message] of cases) {
    const err = refusal(() => accessGate(repo(a), 'github'));
    t.like(err, { exitCode: 3, code: 'repository_access' });
    t.regex(err.message, message);
  }
});

test('manifest rules: absent is null; each invalid field is named; nothing else is read', (t) => {
  const dir = tempDir('manifest-');
  t.is(readManifest(dir), null);
  writeFileSync(path.join(dir, 'compose.yaml'), 'services: {}\n');
  mkdirSync(path.join(dir, 'sub'));
  writeFileSync(path.join(dir, 'sub', 'c.yaml'), '');
  const good = { version: 1, app: { compose: 'compose.yaml', service: 'web', port: 3000, readyPath: '/health' } };
  const write = (m: unknown) => writeFileSync(path.join(dir, 'hackathon.json'), typeof m === 'string' ? m : JSON.stringify(m));
  write(good);
  t.deepEqual(readManifest(dir), good);
  const bad: [unknown, RegExp][] = [
    ['{ not json', /not JSON/],
    [[1], /must be a JSON object/],
    [{ ...good, version: 2 }, /version must be 1 \(got 2\)/],
    [{ version: 1 }, /app must be an object/],
    [{ ...good, app: { ...good.app, compose: 'sub/c.yaml' } }, /app\.compose must be a file name in the repository root/],
    [{ ...good, app: { ...good.app, compose: '../compose.yaml' } }, /app\.compose must be a file name/],
    [{ ...good, app: { ...good.app, compose: 'missing.yaml' } }, /app\.compose names missing\.yaml, which is not a file/],
    [{ ...good, app: { ...good.app, service: 'web; rm -rf /' } }, /app\.service must be a compose service name/],
    [{ ...good, app: { ...good.app, port: 1023 } }, /app\.port must be an integer from 1024 to 65535 \(got 1023\)/],
    [{ ...good, app: { ...good.app, port: 65536 } }, /app\.port/],
    [{ ...good, app: { ...good.app, port: '3000' } }, /app\.port/],
    [{ ...good, app: { ...good.app, port: 3000.5 } }, /app\.port/],
    [{ ...good, app: { ...good.app, readyPath: 'health' } }, /app\.readyPath must be an absolute path/],
    [{ ...good, app: { ...good.app, readyPath: '//evil.example/' } }, /app\.readyPath/],
  ];
  for (const [m, message] of bad) {
    write(m);
    const err = refusal(() => readManifest(dir));
    t.like(err, { exitCode: 4, code: 'invalid_manifest' }, JSON.stringify(m));
    t.regex(err.message, message);
  }
});
