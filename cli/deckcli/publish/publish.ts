// One publish of a folder (or one file), as `push` and the agent tool `publish_deck` both do
// it: the entry, the per-file cap from discovery, hashes (cached), a precheck, the upload of
// exactly the blobs the instance lacks, and the commit on the expected base version. The
// folder's files were already collected by the push rules (../publish/files.ts).
import path from 'node:path';
import type { DeckPushed } from '../../../core/wire/deck.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import { type WireClient } from '../../../client/wire.ts';
import { WireError } from '../../../client/errors.ts';
import { checkCap, DEFAULT_CAP_MB, detectEntry, type DeckFiles } from './files.ts';
import { hashWithCache } from './hash-cache.ts';
import { uploadMissing } from './upload.ts';

export interface PublishOptions {
  title?: string;
  entry?: string;
  kind?: string;
  interactive?: boolean;
  /** The deck to publish a new version of (`--id`, or the link file's); none: a new deck. */
  deckId: string | null;
}

export interface PublishDeps {
  client: WireClient;
  /** A client without a key, for discovery (keys are never sent to it). */
  anon: WireClient;
  env: NodeJS.ProcessEnv;
  progress?: ((doneFiles: number, doneBytes: number, totalFiles: number, totalBytes: number) => void) | null;
  trace?: (what: string) => void;
  /** Notes for a person (skipped symbolic links), after the cap check. */
  warn?: (line: string) => void;
}

export interface Published {
  answer: DeckPushed;
  files: number;
  uploaded: number;
  uploadedBytes: number;
}

export async function publishDeck(deps: PublishDeps, deck: DeckFiles, o: PublishOptions): Promise<Published> {
  const { client, trace = () => {} } = deps;
  const entry = detectEntry(deck, o.entry);
  // Discovery, the deck's current version and the hashes are independent: run them together.
  // No file byte leaves before the cap check below.
  const [discovery, current, hashes] = await Promise.all([
    deps.anon.call('GET /api/v1/instance'),
    o.deckId ? client.call('GET /api/v1/presentations/:id', { params: { id: encodeURIComponent(o.deckId) } }) : Promise.resolve(null),
    hashWithCache(deck.root, deck.files, deps.env).then((r) => r.hashes),
  ]);
  trace('discovery, current version and hashes');
  checkCap(deck, discovery.limits?.maxFileSizeMb ?? DEFAULT_CAP_MB);
  for (const s of deck.symlinksSkipped) deps.warn?.(`Skipped symbolic link ${s} (links are never followed)`);

  const files = deck.files.map((x) => ({ path: x.path, sha256: hashes.get(x.path)!, size: x.size }));
  const { missing } = await client.call('POST /api/v1/blobs/precheck', { body: { files } });
  trace('precheck');
  const wanted = new Set(missing);
  const plan = deck.files.filter((x) => wanted.delete(hashes.get(x.path)!)).map((file) => ({ sha256: hashes.get(file.path)!, file }));
  const totalBytes = plan.reduce((n, p) => n + p.file.size, 0);
  await uploadMissing(client, plan, deps.progress ? (n, b) => deps.progress!(n, b, plan.length, totalBytes) : null);

  const manifest: Record<string, unknown> = { entry, files };
  if (o.title !== undefined) manifest.title = o.title;
  if (o.kind !== undefined) manifest.kind = o.kind;
  if (o.interactive) manifest.interactive = true;
  let answer: DeckPushed;
  try {
    if (!o.deckId) {
      manifest.title ??= deck.singleFile ? deck.singleFile.replace(/\.html?$/i, '') : path.basename(deck.root);
      answer = await client.call('POST /api/v1/presentations', { body: manifest, headers: { 'idempotency-key': crypto.randomUUID() } });
    } else {
      answer = await client.call('POST /api/v1/presentations/:id/versions', { params: { id: encodeURIComponent(o.deckId) }, body: { ...manifest, baseVersion: current?.version ?? 0 }, headers: { 'idempotency-key': crypto.randomUUID() } });
    }
  } catch (err) {
    if (err instanceof WireError && err.code === 'version_conflict') {
      throw new CliError(`another push committed version ${err.details.currentVersion ?? 'newer'} of this deck first; nothing was lost: run deckcli push again to publish on top of it`, EXIT.conflict, 'version_conflict');
    }
    throw err;
  }
  trace('committed');
  return { answer, files: files.length, uploaded: plan.length, uploadedBytes: totalBytes };
}
