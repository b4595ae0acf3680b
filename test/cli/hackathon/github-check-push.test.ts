// The template push that `event github-check` prints, pasted as the README's organizer would:
// github-check run as `npx hackathon` runs it (npx puts its own temporary bin folder, with a
// `hackathon` link, on PATH for that process only), then the printed line through `sh` from a
// folder outside the checkout whose PATH has no `hackathon` (the clients not installed
// globally) and no node_modules/.bin. The push must land on the local code host.
import test from 'ava';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { commitFile, git, tempDir } from '../../helpers/codehost.ts';
import { eventWorkspace, HOUR, schedule, type Person } from '../../helpers/event.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { hackathon, makeHome, type Run } from './run.ts';

let s: TestServer;
let owner: Person;

test.before(async () => {
  s = await startTestServer();
  owner = (await eventWorkspace(s.db.pool, 'PushCo')).owner;
});
test.after.always(() => s?.close());

/**
 * What npx puts on PATH: a bin folder linking `hackathon` to the bundle (and the Node npx
 * runs). The bundle is a copy in a checkout whose path holds a space and a quote, so the
 * printed line must quote it right through both shells (the organizer's, then git's).
 */
function npxBin(): string {
  const dir = tempDir('npx-bin-');
  const checkout = path.join(dir, "Ann's podium");
  cpSync(path.resolve('dist'), path.join(checkout, 'dist'), { recursive: true });
  symlinkSync(path.join(checkout, 'dist', 'hackathon.mjs'), path.join(dir, 'hackathon'));
  symlinkSync(process.execPath, path.join(dir, 'node'));
  return dir;
}

/** The organizer's own PATH: no folder holding `hackathon`, no project's node_modules/.bin. */
function plainPath(): string {
  return (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter)
    .filter((d) => d && !d.includes('node_modules') && !existsSync(path.join(d, 'hackathon')))
    .join(path.delimiter);
}

function exec(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) =>
    execFile(cmd, args, { cwd, env }, (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr })),
  );
}

test('the printed template push works from a folder outside the checkout with no hackathon on PATH', async (t) => {
  const home = makeHome();
  const signIn = await hackathon(['login', '--api-url', s.url, '--api-key-stdin'], home.env, `${owner.key}\n`);
  t.is(signIn.code, 0, signIn.stderr);
  const when = schedule(Date.now() + HOUR);
  const created = await hackathon(['event', 'configure', '--expected-version', '0', '--name', 'Push Hack', '--timezone', 'UTC',
    '--starts-at', when.startsAt, '--build-ends-at', when.buildEndsAt, '--vote-opens-at', when.voteOpensAt, '--vote-closes-at', when.voteClosesAt], home.env);
  t.is(created.code, 0, created.stderr);
  const claim = await hackathon(['event', 'github', '--organization', 'acme', '--template', 'acme/template'], home.env);
  t.is(claim.code, 0, claim.stderr);

  const asNpx = { ...home.env, PATH: `${npxBin()}${path.delimiter}${process.env.PATH}` };
  const check = await exec('hackathon', ['event', 'github-check'], process.cwd(), asNpx);
  const line = /^ {2}(git -c .+ push http\S+ main)$/m.exec(check.stdout)?.[1];
  t.truthy(line, `github-check prints the template's push:\n${check.stdout}${check.stderr}`);
  t.notRegex(check.stdout, /hck_[A-Za-z0-9]/, 'no key in the output');
  t.true(line!.includes('s podium/dist/hackathon.mjs'), `the helper names the running copy by its path: ${line}`);

  const work = tempDir('template-');
  t.true(path.relative(process.cwd(), work).startsWith('..'), 'the template folder is outside the checkout');
  await git(work, ['init', '-q', '-b', 'main']);
  const sha = await commitFile(work, 'README.md', '# Template\n', 'template');

  const shellEnv = { HOME: home.home, XDG_CONFIG_HOME: home.config, PATH: plainPath(), GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1' };
  t.not((await exec('sh', ['-c', 'command -v hackathon'], work, shellEnv)).code, 0, 'no hackathon on the organizer\'s PATH');
  const pushed = await exec('sh', ['-c', line!], work, shellEnv);
  t.is(pushed.code, 0, `the printed push: ${pushed.stderr}`);

  const after = await hackathon(['event', 'github-check'], home.env);
  t.regex(after.stdout, new RegExp(`Template: acme/template branch main at ${sha}\\n`), after.stdout);
  t.is(after.code, 0, after.stdout);
});
