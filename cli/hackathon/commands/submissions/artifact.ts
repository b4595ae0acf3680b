// `submissions artifact <project> [--dir <path>]`: downloads submission-<sha12>.tar.gz into
// the directory, contained in it: the name is checked before use, bytes land in a temporary
// file there, are verified against the sha256 the server recorded, then linked into place
// without ever overwriting (an identical file already there is kept; a different one is a
// conflict, exit 5).
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, linkSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { resolveProject } from './project.ts';

const NAME = /^submission-[0-9a-f]{12}\.tar\.gz$/;

export const submissionsArtifact = command({
  path: 'submissions artifact',
  summary: 'Download a team\'s frozen evidence archive',
  usage: 'Usage: hackathon submissions artifact <project> [--dir <path>] [--json]',
  flags: { dir: { type: 'string' } },
  async run(opts, ctx) {
    const dir = path.resolve((opts.dir) ?? '.');
    if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new CliError(`--dir is not a directory: ${dir}`, EXIT.rejected, 'invalid_input');
    const id = await resolveProject(ctx, opts.args[0]);
    const client = await ctx.client();
    const team = await client.call('GET /api/v1/submissions/:projectId', { params: { projectId: id } });
    const frozen = team.frozen;
    const archive = frozen?.archive;
    if (!frozen || !archive) throw new CliError('not_frozen: nothing is frozen for this team yet', EXIT.wire, 'not_frozen');
    if (!NAME.test(archive.name) || !/^[0-9a-f]{64}$/.test(archive.sha256)) throw new CliError('The server named an archive this client refuses to write', EXIT.environment, 'environment');
    const target = path.join(dir, archive.name);
    const tmp = path.join(dir, `.${archive.name}.${randomUUID()}.partial`);
    const hash = createHash('sha256');
    try {
      const out = createWriteStream(tmp, { flags: 'wx' });
      for await (const chunk of await client.download(`/api/v1/submissions/${id}/artifact`)) {
        hash.update(chunk);
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      if (hash.digest('hex') !== archive.sha256) throw new CliError('The downloaded archive does not match its recorded sha256', EXIT.environment, 'environment');
      let kept = false;
      try {
        linkSync(tmp, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const same = createHash('sha256').update(readFileSync(target)).digest('hex') === archive.sha256;
        if (!same) throw new CliError(`${target} exists with other content; move it away first`, EXIT.conflict, 'file_exists');
        kept = true;
      }
      const result = { path: target, name: archive.name, sha256: archive.sha256, size: archive.size, sha: frozen.sha, alreadyPresent: kept };
      if (ctx.json) return ctx.printJson(result);
      ctx.out(`${kept ? 'Already present' : 'Saved'}: ${target} (${archive.size} bytes, sha256 ${archive.sha256}, revision ${frozen.sha})`);
    } finally {
      rmSync(tmp, { force: true });
    }
  },
});
