// `hackathon setup`: from the bootstrap record to a running team app, in the spec's order:
// assignment, access gate, installer skill (verified), environment, clone or resume, agent
// files, runtime. Every external command is echoed on stderr as `$ ...` before it runs;
// progress goes to stderr and the answer to stdout. The modules under ../setup/ hold the
// steps; this file holds their order and the output.
import path from 'node:path';
import { CliError, EXIT, isReported } from '../../lib/errors.ts';
import { githubLogin } from '../../lib/github-login.ts';
import { commandLine } from '../../lib/run.ts';
import { credentialHelper } from '../git-helper.ts';
import { defaultDirectory, hostUsername, rememberInstance, type BootstrapRecord, type RepositoryAssignment } from '../bootstrap.ts';
import { toolChecks } from '../doctor/checks.ts';
import { USER_AGENT } from '../context.ts';
import { AGENTS, writeAgentFiles, type Agent } from '../setup/agent-files.ts';
import { acceptableHere, accessGate, assignment, type Step } from '../setup/assignment.ts';
import { placeClone } from '../setup/clone.ts';
import { downloadInstaller } from '../setup/installer.ts';
import { MANIFEST, readManifest } from '../setup/manifest.ts';
import { startApp, type AppStart } from '../setup/runtime.ts';
import { command } from '../command.ts';
import type { Context } from '../context.ts';
import { DECKS_NOTE } from '../../../core/wire/decks.ts';

function rejected(message: string): CliError {
  return new CliError(message, EXIT.rejected, 'invalid_option');
}

function intOption(raw: string | undefined, name: string, min: number, max: number): number | null {
  if (raw === undefined) return null;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw rejected(`--${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  return Number(raw);
}

function printDone(ctx: Context, out: { directory: string; repo: RepositoryAssignment; record: BootstrapRecord; app: AppStart | null; files: ReturnType<typeof writeAgentFiles>; placementLine: string; startNote: string | null }) {
  const { directory, repo, record, app, files } = out;
  ctx.out(`Directory: ${directory} (${out.placementLine})`);
  ctx.out(`Repository: ${repo.fullName} (branch ${repo.branch})`);
  ctx.out(`Decks: ${DECKS_NOTE}`);
  ctx.out(`Installer skill: ${files.skill.name} ${files.skill.version} (sha256 ${files.skill.sha256.slice(0, 12)}) in ${files.skill.path}`);
  ctx.out(`Agent instructions: ${files.instructions.file} ${files.instructions.created ? 'created' : 'kept (already there)'}`);
  ctx.out(`Template /init skill: ${files.initSkill.present ? `present (${files.initSkill.path}); run /init in your agent` : 'absent'}`);
  ctx.out(`Local URL: ${app ? app.url : `not started (${out.startNote})`}`);
  ctx.out(`Dashboard: ${record.dashboardUrl}`);
  ctx.out(`Diagnostic: hackathon doctor --directory ${commandLine(directory, [])}${app ? `\nLogs: ${app.logsCommand}` : ''}`);
}

export const setup = command({
  path: 'setup',
  summary: 'Clone your team repository, install the agent skill and start the team app',
  usage: `Usage: hackathon setup [--directory <path>] [--agent claude-code|codex] [--port <n>] [--timeout <s>] [--no-start] [--github <login>] [--json]

Steps, in order: assignment, access gate (an invitation waiting on this instance's own
code host is accepted for you, and said so), installer skill (sha256 verified), environment
(git, docker, its daemon, compose), clone or resume, agent files, start the app from
hackathon.json and wait for its ready path. Every command is echoed on stderr as "$ ...".
With --no-start the container checks still run; a failure there is a warning, not an error
(the clone and the agent files need git only).`,
  flags: {
    directory: { type: 'string' },
    agent: { type: 'string' },
    port: { type: 'string' },
    timeout: { type: 'string' },
    start: { type: 'boolean', default: true },
    github: { type: 'string' },
  },
  async run(opts, ctx) {
    try {
      // Everything the client can refuse is refused before any request (exit 2).
      const agent = (opts.agent ?? 'claude-code') as Agent;
      if (!AGENTS.includes(agent)) throw rejected(`--agent must be ${AGENTS.join(' or ')} (got "${opts.agent}")`);
      const port = intOption(opts.port, 'port', 1024, 65535);
      const timeout = intOption(opts.timeout, 'timeout', 1, 3600) ?? 180;
      const login = opts.github === undefined ? null : githubLogin(opts.github);
      const start = opts.start !== false;
      const progress = (line: string) => ctx.err(line);
      const steps: Step[] = [];

      const client = await ctx.client();
      let record = await client.request<BootstrapRecord>('GET', '/bootstrap');
      rememberInstance(ctx, await ctx.credential());
      if (login) {
        record = await client.request<BootstrapRecord>('PUT', '/bootstrap/github', { login });
        progress(`${hostUsername(record.codeHost, true)}: ${login} (${record.repository?.access.standing ?? 'no repository yet'})`);
      }

      let repo = assignment(record);
      steps.push({ name: 'assignment', status: 'ok', detail: `${record.team!.name}: ${repo.fullName} (branch ${repo.branch})` });
      if (acceptableHere(repo, ctx.profile().url)) {
        // The local code host's invitation: accepted for the person, said on screen.
        await client.request('POST', '/api/v1/codehost/invitations/accept', { repository: repo.fullName });
        progress(`Accepted your invitation to ${repo.fullName} as ${record.githubLogin} (on this instance's code host; the page ${repo.access.invitationUrl} does the same)`);
        record = await client.request<BootstrapRecord>('GET', '/bootstrap');
        repo = assignment(record);
        steps.push({ name: 'invitation', status: 'ok', detail: `accepted the invitation to ${repo.fullName}` });
      }
      steps.push(accessGate(repo, record.codeHost));

      progress(`Downloading the installer skill ${record.installer.version} from ${record.installer.url}`);
      const skill = await downloadInstaller(record.installer, USER_AGENT);
      steps.push({ name: 'installer', status: 'ok', detail: `${skill.name} ${skill.version}, sha256 ${skill.sha256.slice(0, 12)} verified` });

      const env = ctx.io.env;
      // Step 4 runs every check, --no-start too. Without the container tool the app cannot
      // start: fatal unless --no-start (then a warning: clone and agent files need git only).
      const checks = await toolChecks(env, process.platform, { runtime: false, containers: true, stopAtFailure: true, echo: progress });
      const failed = checks.find((c) => !c.ok);
      const containerFailure = failed !== undefined && failed.name !== 'git';
      if (failed && (start || !containerFailure)) {
        throw new CliError(`${failed.name}: ${failed.detail}; ${failed.fix}${containerFailure ? '; or run hackathon setup --no-start to clone and set up without starting the app' : ''}`, EXIT.environment, 'environment');
      }
      if (failed) progress(`Warning: ${failed.name}: ${failed.detail}; the app is not started (--no-start), but it will need it: ${failed.fix}`);
      steps.push(failed
        ? { name: 'environment', status: 'warning', detail: `${checks.filter((c) => c.ok).map((c) => c.detail).join('; ')}; ${failed.name}: ${failed.detail} (not needed with --no-start; ${failed.fix})` }
        : { name: 'environment', status: 'ok', detail: checks.map((c) => c.detail).join('; ') });

      const dirName = record.setup.directoryName!;
      const directory = path.resolve((opts.directory) ?? defaultDirectory(env, record)!);
      const helper = credentialHelper(ctx, repo.cloneUrl);
      if (helper?.namesThisCopy) progress(`Note: hackathon is not on your PATH, so the clone's credential helper names this copy (${helper.namesThisCopy}); after installing the clients (docs/CLIENTS.md) run hackathon setup again`);
      const placement = await placeClone(directory, repo, { env, echo: progress, helper: helper && { key: helper.key, value: helper.value } });
      const placementLine = placement.mode === 'cloned'
        ? 'cloned'
        : `resumed, ${placement.localChanges} local change${placement.localChanges === 1 ? '' : 's'} kept${placement.fetchProblem ? `; fetch failed: ${placement.fetchProblem}` : ''}`;
      steps.push({ name: placement.mode === 'cloned' ? 'clone' : 'resume', status: placement.fetchProblem ? 'warning' : 'ok', detail: `${directory}: ${placementLine}` });

      const files = writeAgentFiles(directory, agent, skill, record);
      steps.push({ name: 'agent files', status: 'ok', detail: `${files.instructions.file} ${files.instructions.created ? 'created' : 'kept'}; ${files.skill.path} at ${files.skill.version}; /init skill ${files.initSkill.present ? 'present' : 'absent'}` });

      const manifest = readManifest(directory);
      steps.push(manifest
        ? { name: 'manifest', status: 'ok', detail: `${MANIFEST}: ${manifest.app.compose}, service ${manifest.app.service}, port ${manifest.app.port}, ready ${manifest.app.readyPath}` }
        : { name: 'manifest', status: 'absent', detail: `no ${MANIFEST} in the repository yet` });
      let app: AppStart | null = null;
      const startNote = !manifest ? `no ${MANIFEST} yet` : !start ? '--no-start' : null;
      if (manifest && start) {
        app = await startApp(directory, dirName, manifest, port ?? manifest.app.port, timeout, { env, echo: progress, progress, tee: ctx.io.stderr });
        steps.push({ name: 'start', status: 'ok', detail: `${app.project} ready at ${app.url}${app.reused ? ' (already running)' : ''}` });
      } else steps.push({ name: 'start', status: 'skipped', detail: startNote! });

      if (ctx.json) {
        return ctx.printJson({
          ok: true,
          directory,
          repository: { fullName: repo.fullName, cloneUrl: repo.cloneUrl, branch: repo.branch, access: repo.access, placement: placement.mode, localChanges: placement.localChanges },
          installer: { name: files.skill.name, version: files.skill.version, sha256: files.skill.sha256, path: files.skill.path },
          agent: { name: agent, instructions: files.instructions, initSkill: files.initSkill },
          app: app && { url: app.url, port: app.port, project: app.project, readyPath: manifest!.app.readyPath, logs: app.logsCommand },
          dashboardUrl: record.dashboardUrl,
          diagnostic: `hackathon doctor --directory ${commandLine(directory, [])}`,
          steps,
        });
      }
      printDone(ctx, { directory, repo, record, app, files, placementLine, startNote });
    } catch (err) {
      if (ctx.json && isReported(err)) ctx.printJson({ ok: false, error: { code: err.code, message: err.message } });
      throw err;
    }
  },
});
