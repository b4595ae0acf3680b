// What a push publishes: the files of a folder (or one file) after the always-skipped
// rules and .deckcliignore, symlinks never followed; the entry; the per-file cap; the
// attachments under downloads/; and each file's sha256, hashed as a stream.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { chooseEntry, isAttachment, isExcludedName } from '../../../core/wire/deck-paths.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import { ignored, parseIgnore, type IgnoreRules } from './ignore.ts';

export const IGNORE_FILE = '.deckcliignore';
export const DEFAULT_CAP_MB = 100;

export interface LocalFile {
  path: string; // relative to the deck root, `/`-separated
  abs: string;
  size: number;
  mtimeMs: number;
  ino: number;
}

export interface DeckFiles {
  root: string;
  files: LocalFile[];
  singleFile: string | null; // `push <file>`: that file's path
  symlinksSkipped: string[];
}

export function collectFiles(target: string): DeckFiles {
  const abs = path.resolve(target);
  if (!existsSync(abs)) throw new CliError(`${target} does not exist`, EXIT.rejected, 'not_found');
  const st = lstatSync(abs);
  if (st.isSymbolicLink()) throw new CliError(`${target} is a symbolic link; deckcli never follows links`, EXIT.rejected, 'symlink');
  if (st.isFile()) {
    const name = path.basename(abs);
    if (isExcludedName(name)) throw new CliError(`${target} is never published (dot-prefixed files, node_modules, Thumbs.db, package.json and lockfiles are always skipped)`, EXIT.rejected, 'skipped_file');
    return { root: path.dirname(abs), files: [{ path: name, abs, size: st.size, mtimeMs: st.mtimeMs, ino: st.ino }], singleFile: name, symlinksSkipped: [] };
  }
  const ignoreFile = path.join(abs, IGNORE_FILE);
  const rules: IgnoreRules = parseIgnore(existsSync(ignoreFile) && lstatSync(ignoreFile).isFile() ? readFileSync(ignoreFile, 'utf8') : '');
  const files: LocalFile[] = [];
  const symlinksSkipped: string[] = [];
  const walk = (dirAbs: string, dirRel: string) => {
    for (const entry of readdirSync(dirAbs, { withFileTypes: true })) {
      const rel = dirRel ? `${dirRel}/${entry.name}` : entry.name;
      const full = path.join(dirAbs, entry.name);
      if (isExcludedName(entry.name)) continue;
      if (entry.isSymbolicLink()) {
        symlinksSkipped.push(rel);
        continue;
      }
      if (entry.isDirectory()) {
        if (!ignored(rules, rel, true)) walk(full, rel);
      } else if (entry.isFile() && !ignored(rules, rel, false)) {
        const fst = statSync(full);
        files.push({ path: rel, abs: full, size: fst.size, mtimeMs: fst.mtimeMs, ino: fst.ino });
      }
    }
  };
  walk(abs, '');
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { root: abs, files, singleFile: null, symlinksSkipped };
}

/** --entry, else index.html, else the only .html file, else an error listing candidates. */
export function detectEntry(deck: DeckFiles, explicit?: string): string {
  const r = chooseEntry(deck.files.map((f) => f.path), explicit, deck.singleFile);
  if ('entry' in r) return r.entry;
  throw new CliError(r.message, EXIT.rejected, r.code);
}

/** Every file against the per-file cap, before any byte leaves the machine. */
export function checkCap(deck: DeckFiles, capMb: number): void {
  const cap = capMb * 1024 * 1024;
  const over = deck.files.find((f) => f.size > cap);
  if (over) {
    throw new CliError(`${over.path} is ${(over.size / 1048576).toFixed(1)} MB, over the per-file cap of ${capMb} MB; nothing was uploaded`, EXIT.rejected, 'file_too_large');
  }
}

export function attachmentsOf(deck: DeckFiles): { count: number; sizeBytes: number } {
  const a = deck.files.filter((f) => isAttachment(f.path));
  return { count: a.length, sizeBytes: a.reduce((n, f) => n + f.size, 0) };
}

/** sha256 of a file read through one reused buffer: constant memory whatever its size. */
export async function hashFile(abs: string, buf: Buffer = Buffer.allocUnsafe(1 << 20)): Promise<string> {
  const fh = await open(abs, 'r');
  const h = createHash('sha256');
  try {
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, null);
      if (bytesRead === 0) break;
      h.update(buf.subarray(0, bytesRead));
    }
  } finally {
    await fh.close();
  }
  return h.digest('hex');
}

/** Hashes every file, a few at a time, each worker with its own 1 MiB buffer. */
export async function hashAll(files: LocalFile[], concurrency = 8): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let next = 0;
  const worker = async () => {
    const buf = Buffer.allocUnsafe(1 << 20);
    while (next < files.length) {
      const f = files[next++];
      out.set(f.path, await hashFile(f.abs, buf));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  return out;
}
