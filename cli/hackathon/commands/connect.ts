// `hackathon connect [--github <login>]`: asks the instance for the bootstrap record, saves
// the instance (and a key given on the command line) on its profile and makes it active,
// optionally saves the code-host username, and says what to do next.
import { CliError, isReported } from '../../lib/errors.ts';
import { defaultDirectory, hostUsername, rememberInstance, ROLE_NAMES, type Access, type BootstrapRecord } from '../bootstrap.ts';
import { githubLogin } from '../../lib/github-login.ts';
import { command } from '../command.ts';
import { acceptableHere } from '../setup/assignment.ts';
import type { Context } from '../context.ts';
import { DECKS_NOTE } from '../../../core/wire/decks.ts';

function accessLine(a: Access, username: string): string {
  const what = {
    no_username: `no ${username} saved yet`,
    none: 'not invited',
    invited: 'invited, not accepted yet',
    member: a.canPush ? 'member, can push' : 'member, cannot push',
    unknown: 'unknown (the code host could not be asked)',
  }[a.standing];
  return `Access: ${what}${a.fix ? `\n  Fix: ${a.fix}` : ''}`;
}

function printRecord(ctx: Context, r: BootstrapRecord, profile: string, savedLogin: string | null): void {
  // On the instance's own code host the username is no GitHub account: say which host's it is.
  const username = hostUsername(r.codeHost);
  const Username = hostUsername(r.codeHost, true);
  ctx.out(`Connected to ${ctx.profile().url} (profile ${profile})`);
  ctx.out(`Signed in as: ${r.person.email}${r.person.name ? ` (${r.person.name})` : ''}`);
  ctx.out(`Event: ${r.event.name} (${r.event.phase})`);
  ctx.out(`Role: ${r.role}`);
  if (savedLogin) ctx.out(`${Username}: ${savedLogin} (${r.repository ? r.repository.access.standing : 'no repository yet'})`);
  if (r.role !== 'participant') {
    ctx.out(`You are ${ROLE_NAMES[r.role]}: there is no team app to set up.`);
    ctx.out(`Dashboard: ${r.dashboardUrl}`);
    return;
  }
  ctx.out(`Team: ${r.team?.name ?? '-'}`);
  if (!r.repository) ctx.out('Repository: not assigned yet');
  else {
    ctx.out(`Repository: ${r.repository.fullName} (branch ${r.repository.branch}, ${r.repository.readiness})`);
    ctx.out(`Clone URL: ${r.repository.cloneUrl}`);
    ctx.out(accessLine(r.repository.access, username));
    ctx.out(`Decks: ${DECKS_NOTE}`);
  }
  if (!savedLogin) ctx.out(`${Username}: ${r.githubLogin ?? 'not saved (hackathon connect --github <login>)'}`);
  ctx.out(`Installer skill: ${r.installer.version} (sha256 ${r.installer.sha256.slice(0, 12)})`);
  ctx.out(`Dashboard: ${r.dashboardUrl}`);
  ctx.out(`Next: ${nextStep(ctx, r)}`);
}

/** What the participant does next, from where they stand (never `setup` while it would refuse). */
function nextStep(ctx: Context, r: BootstrapRecord): string {
  if (!r.team) return 'wait for an organizer to put you on a team in the roster, then run hackathon connect again';
  if (!r.repository) return 'wait for the organizers to provision the team repositories, then run hackathon connect again (then hackathon setup)';
  const a = r.repository.access;
  if (a.standing === 'no_username') return `hackathon connect --github <your ${hostUsername(r.codeHost)}>, then hackathon setup`;
  if (acceptableHere(r.repository, ctx.profile().url)) return `hackathon setup (it accepts your invitation to ${r.repository.fullName} for you; or open ${a.invitationUrl})`;
  if (a.standing === 'invited') return `accept the invitation (${a.invitationUrl ?? 'on the code host'}), then hackathon setup`;
  if (a.standing === 'none' && r.invitationQueued) return 'run hackathon connect again in a minute (your invitation is on its way), then hackathon setup';
  if (a.standing === 'none' || (a.standing === 'member' && !a.canPush)) return `ask an organizer for access to ${r.repository.fullName} (see Fix above), then hackathon setup`;
  return 'hackathon setup';
}

export const connect = command({
  path: 'connect',
  summary: 'Connect to the event: who you are, your team and repository, what to do next',
  usage: 'Usage: hackathon connect [--github <login>] [--json]',
  flags: { github: { type: 'string' } },
  async run(opts, ctx) {
    try {
      const raw = opts.github;
      const login = raw === undefined ? null : githubLogin(raw); // exit 2 before any request
      const client = await ctx.client();
      let record = await client.request<BootstrapRecord>('GET', '/bootstrap');
      const profile = rememberInstance(ctx, await ctx.credential());
      if (login) record = await client.request<BootstrapRecord>('PUT', '/bootstrap/github', { login });
      if (ctx.json) {
        return ctx.printJson({ ok: true, ...record, defaultDirectory: defaultDirectory(ctx.io.env, record) });
      }
      printRecord(ctx, record, profile, login && record.githubLogin);
    } catch (err) {
      if (ctx.json && isReported(err)) ctx.printJson({ ok: false, error: { code: err.code, message: err.message } });
      throw err;
    }
  },
});
