import { required } from '../../../lib/checks.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';

const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

export const eventGithub = command({
  path: 'event github',
  summary: 'Set where team repositories are created (organizer)',
  usage: 'Usage: hackathon event github --organization <login> --template <owner/repo> [--branch <name>]',
  flags: { organization: { type: 'string' }, template: { type: 'string' }, branch: { type: 'string' } },
  async run(opts, ctx) {
    const organization = required(opts.organization, '--organization');
    const template = required(opts.template, '--template');
    if (!LOGIN.test(organization)) throw new CliError(`--organization is not a code-host login: ${organization}`, EXIT.rejected, 'invalid_input');
    const [owner, repo, extra] = template.split('/');
    if (!owner || !repo || extra !== undefined || !LOGIN.test(owner) || !/^[A-Za-z0-9._-]{1,100}$/.test(repo)) {
      throw new CliError(`--template must be <owner>/<repo>, got ${template}`, EXIT.rejected, 'invalid_input');
    }
    const body: Record<string, string> = { organization, template };
    if (opts.branch) body.branch = opts.branch;
    const r = await (await ctx.client()).call('PUT /api/v1/event/github', { body });
    if (ctx.json) return ctx.printJson(r);
    ctx.out(`Organization: ${r.organization}`);
    ctx.out(`Template: ${r.template}`);
    ctx.out(`Branch: ${r.branch}`);
    ctx.out('Next: hackathon event github-check');
  },
});
