// `files download <fileId> [--output <path>]`: a file the workspace stores and the caller
// may read (a submission evidence archive, a generated deck export, a deck file). The answer
// is untrusted: the name must be a plain file name, the bytes are streamed into a hidden
// temporary file beside the target, capped at the size the server declared, and checked
// against its sha256 before they are linked into place (never overwriting: an identical
// file already there is kept, a different one is a conflict, exit 5). `--json` is refused.
// A file of another workspace answers not found, naming the workspace asked and what chose it.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, linkSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { WorkspaceFile } from '../../../../core/wire/files.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { WireError } from '../../../../client/errors.ts';
import { command } from '../../command.ts';
import type { Context } from '../../context.ts';
import { UUID_RE as UUID } from '../../../../core/ids.ts';


/** A name the server gave, usable as one entry of a directory: no separator, no dot prefix, no control character. */
export function plainName(name: unknown): name is string {
  return typeof name === 'string' && name.length >= 1 && name.length <= 255 && !/[/\\\u0000-\u001f\u007f]/.test(name) && !name.startsWith('.');
}

/** Where the file goes: into --output when it is a directory, else at --output (its folder must exist). */
export function targetOf(output: string | undefined, name: string): { dir: string; target: string } {
  const out = path.resolve(output ?? '.');
  if (existsSync(out) && statSync(out).isDirectory()) return { dir: out, target: path.join(out, name) };
  const dir = path.dirname(out);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new CliError(`--output: the folder ${dir} does not exist`, EXIT.rejected, 'invalid_input');
  return { dir, target: out };
}

/** What chose the workspace, in the words of the command line. */
function chosenBy(ctx: Context, details: Record<string, unknown>): string {
  const sel = ctx.selection();
  if (sel) return sel.source;
  return details.selectedBy === 'key pin' ? 'the key\'s pin' : 'the default workspace';
}

export const filesDownload = command({
  path: 'files download',
  summary: 'Download a file of the workspace (evidence archive, deck export, deck file)',
  usage: 'Usage: hackathon files download <fileId> [--output <directory or file path>]\n\n--json is not accepted: the file is the output.',
  flags: { output: { type: 'string' } },
  async run(opts, ctx) {
    if (ctx.json) throw new CliError('files download takes no --json: the file is the output (the saved path goes to stdout)', EXIT.usage, 'usage');
    const [id, extra] = opts.args;
    if (!id || extra !== undefined) throw new CliError('name exactly one file id', EXIT.usage, 'usage');
    if (!UUID.test(id)) throw new CliError(`${JSON.stringify(id)} is not a file id (a uuid such as 0b5e7a4c-1f2d-4c3b-9a8e-7d6c5b4a3f21)`, EXIT.rejected, 'invalid_input');
    const client = await ctx.client();
    let file: WorkspaceFile;
    try {
      file = await client.call('GET /api/v1/files/:id', { params: { id } });
    } catch (err) {
      if (err instanceof WireError && err.code === 'file_not_found') {
        const ws = typeof err.details.workspace === 'string' ? err.details.workspace : 'this workspace';
        throw new CliError(`file_not_found: no file ${id} in workspace ${ws} (chosen by ${chosenBy(ctx, err.details)}), or it is not yours to read`, EXIT.wire, 'file_not_found');
      }
      throw err;
    }
    if (!plainName(file.name) || !/^[0-9a-f]{64}$/.test(file.sha256) || !Number.isSafeInteger(file.size) || file.size < 0) {
      throw new CliError('The server described a file this client refuses to write (name, sha256 or size)', EXIT.environment, 'untrusted_answer');
    }
    const { dir, target } = targetOf(opts.output, file.name);
    const tmp = path.join(dir, `.${path.basename(target)}.${randomUUID()}.partial`);
    const hash = createHash('sha256');
    let received = 0;
    try {
      const out = createWriteStream(tmp, { flags: 'wx', mode: 0o644 });
      const closed = new Promise<void>((resolve, reject) => {
        out.once('close', resolve);
        out.once('error', reject);
      });
      try {
        for await (const chunk of await client.download(`/api/v1/files/${id}/content`)) {
          received += chunk.byteLength;
          if (received > file.size) throw new CliError(`The server sent more than the ${file.size} bytes it declared; nothing was kept`, EXIT.environment, 'untrusted_answer');
          hash.update(chunk);
          if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
        }
      } finally {
        out.end();
        await closed;
      }
      if (received !== file.size || hash.digest('hex') !== file.sha256) {
        throw new CliError(`The downloaded bytes do not match the file's recorded sha256 and size (${file.size} bytes); nothing was kept`, EXIT.environment, 'digest_mismatch');
      }
      let kept = false;
      try {
        linkSync(tmp, target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const same = statSync(target).isFile() && createHash('sha256').update(readFileSync(target)).digest('hex') === file.sha256;
        if (!same) throw new CliError(`${target} exists with other content; move it away or pass another --output`, EXIT.conflict, 'file_exists');
        kept = true;
      }
      ctx.out(`${kept ? 'Already present' : 'Saved'}: ${target} (${file.size} bytes, sha256 ${file.sha256})`);
    } finally {
      rmSync(tmp, { force: true });
    }
  },
});
