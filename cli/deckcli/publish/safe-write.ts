// Writing what an instance sent, treating the answer as untrusted (deckcli pull):
// the manifest path is re-validated; every directory on the way is checked not to be a
// symlink; the blob goes to a temporary file (O_EXCL|O_NOFOLLOW) capped at the declared
// size and must match the declared sha256 before it is renamed into place; files are
// never left executable; nothing lands outside the destination.
import { createHash } from 'node:crypto';
import { constants, lstatSync, mkdirSync, promises as fsp } from 'node:fs';
import path from 'node:path';
import { manifestPathProblem } from '../../../core/wire/deck-paths.ts';
import { CliError, EXIT } from '../../lib/errors.ts';

export class UntrustedAnswer extends CliError {
  constructor(message: string) {
    super(`refused what the instance sent: ${message}; nothing unverified was written`, EXIT.environment, 'untrusted_answer');
  }
}

function lstatOrNull(p: string) {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}

/** Creates the parent directories of relPath under root, refusing any symlink on the way. */
function safeDirs(root: string, relPath: string): string {
  let dir = root;
  for (const seg of relPath.split('/').slice(0, -1)) {
    dir = path.join(dir, seg);
    const st = lstatOrNull(dir);
    if (st?.isSymbolicLink()) throw new UntrustedAnswer(`${path.relative(root, dir)} in the destination is a symbolic link`);
    if (st && !st.isDirectory()) throw new UntrustedAnswer(`${path.relative(root, dir)} in the destination is not a directory`);
    if (!st) mkdirSync(dir, { mode: 0o755 });
  }
  return dir;
}

export async function writeVerified(root: string, relPath: string, body: AsyncIterable<Uint8Array>, declaredSize: number, sha256: string): Promise<void> {
  const problem = manifestPathProblem(relPath);
  if (problem) throw new UntrustedAnswer(`manifest path ${JSON.stringify(relPath)} ${problem}`);
  if (!Number.isSafeInteger(declaredSize) || declaredSize < 0) throw new UntrustedAnswer(`${relPath} has no valid declared size`);
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new UntrustedAnswer(`${relPath} has no valid sha256`);
  const target = path.resolve(root, relPath);
  if (path.relative(root, target).startsWith('..') || path.isAbsolute(path.relative(root, target))) throw new UntrustedAnswer(`${relPath} leaves the destination`);
  const dir = safeDirs(root, relPath);
  const tmp = path.join(dir, `.deckcli-${process.pid}-${Math.random().toString(36).slice(2)}.part`);
  const fh = await fsp.open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of body) {
      size += chunk.length;
      if (size > declaredSize) throw new UntrustedAnswer(`${relPath} is larger than the ${declaredSize} bytes its manifest declared`);
      hash.update(chunk);
      await fh.write(chunk);
    }
    await fh.close();
    if (size !== declaredSize) throw new UntrustedAnswer(`${relPath} has ${size} bytes, its manifest declared ${declaredSize}`);
    if (hash.digest('hex') !== sha256) throw new UntrustedAnswer(`${relPath} does not match its sha256`);
    const existing = lstatOrNull(target);
    if (existing?.isSymbolicLink()) throw new UntrustedAnswer(`${relPath} in the destination is a symbolic link`);
    if (existing?.isDirectory()) throw new UntrustedAnswer(`${relPath} in the destination is a directory`);
    await fsp.chmod(tmp, 0o644);
    await fsp.rename(tmp, target);
  } catch (err) {
    await fh.close().catch(() => {});
    await fsp.rm(tmp, { force: true });
    throw err;
  }
}
