// Generates one deck (one team, one kind) of a generation run: enqueued by
// app.start_deck_generation with job key decks:generate:<job id>. Steps, each logged to the
// job's private log:
//   1. app_private.generation_job_begin: the job is running (attempts + 1), or there is
//      nothing left to do (finished, or its deck already published by an earlier attempt);
//   2. the evidence archive from blob storage, verified against its recorded sha256 before a
//      byte of it is read (a tampered archive fails the job for good, nothing is generated);
//   3. the frozen sha's commit history from the code host (when it cannot answer, the deck
//      says so with an [unverified] claim rather than guessing), and the files of the
//      template revision the repository was created from (read once per template sha): the
//      template's text is recognised and never shown as the team's; commit authors are named
//      by the team's roster names (keyed by the hash of the normalized address, never the address);
//      and the team's accepted push receipts (app_private.generation_job_pushes): the server's own
//      record of when the code arrived, for the provenance screen and the chart's markers;
//   4. the deck: built-in generator, or the chat-completions driver when GENERATOR_URL is set;
//      validated against the archive; rendered as one self-contained index.html;
//   5. the HTML and the pictures it shows stored as content-addressed blobs, then app_private.publish_generated_deck:
//      the next version of the team's kind deck, its read-only share link and the generated
//      deck row, in one transaction keyed on the job.
// A replica killed anywhere in between leaves the queue job locked; workers__recover frees it
// and another replica runs it again: steps 2-5 give the same bytes (the built-in generator is
// deterministic), the blob is the same blob, and the publish of an already published job
// answers the first deck, so there is never a second version for one job.
// A failed attempt goes back to pending with its error (graphile-worker retries with backoff)
// until MAX_ATTEMPTS; then, or at once for evidence that does not verify, the job is failed.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Task } from 'graphile-worker';
import { parseJob } from '../../core/wire/jobs.ts';
import { createCodeHost } from '../../core/codehost/index.ts';
import type { CodeHost } from '../../core/codehost/types.ts';
import { Evidence, EvidenceError } from '../../core/decks/evidence.ts';
import { buildDeck } from '../../core/decks/generate.ts';
import type { CommitInfo, DeckTemplate, PushReceipt, RosterName, Showcase } from '../../core/decks/types.ts';
import { generatedViewHash } from '../../core/decks/view-link.ts';
import type { BlobStore } from '../../core/storage/index.ts';
import type { WorkerDeps } from '../deps.ts';

export const MAX_ATTEMPTS = 3;
const MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024;
const HISTORY_LIMIT = 5000;


interface Begun {
  jobId: string;
  kind: 'jury' | 'community';
  attempts: number;
  eventName: string;
  team: { id: string; name: string };
  sha: string;
  archiveSha256: string;
  archiveName: string;
  repository: string | null;
  templateSha?: string | null;
  showcase?: Showcase | null;
  roster?: RosterName[] | null;
  window: { startsAt: string; freezeAt: string };
  template: DeckTemplate;
}

/** The template revision's files through the code host (`git archive` of that sha in the
 *  team's repository, which holds the template's history). Only compared with, never cited. */
async function templateFiles(host: CodeHost, repository: string, sha: string): Promise<Evidence> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-template-'));
  try {
    const file = path.join(dir, 'template.tar.gz');
    await host.archive(repository, sha, file);
    const gz = await readFile(file);
    return await Evidence.open(gz, createHash('sha256').update(gz).digest('hex'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The newest few verified archives, parsed (or being read): a team's jury and community
 *  jobs, often run side by side, read and verify one archive once. A read that fails is
 *  forgotten, so the next attempt reads again. */
class EvidenceCache {
  private map = new Map<string, Promise<Evidence>>();
  constructor(private readonly size: number) {}
  get(sha256: string, load: () => Promise<Evidence>): Promise<Evidence> {
    let p = this.map.get(sha256);
    if (p) {
      this.map.delete(sha256);
      this.map.set(sha256, p);
      return p;
    }
    p = load();
    this.map.set(sha256, p);
    p.catch(() => this.map.get(sha256) === p && this.map.delete(sha256));
    while (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
    return p;
  }
}

async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let n = 0;
  for await (const chunk of stream) {
    n += (chunk as Buffer).length;
    if (n > max) {
      stream.destroy();
      throw new Error(`the evidence archive is over ${max} bytes`);
    }
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

export function decksGenerate(deps: WorkerDeps, store: BlobStore, opts: { host?: CodeHost; fetch?: typeof fetch } = {}): Task<'decks__generate'> {
  const { config } = deps;
  const host = opts.host ?? createCodeHost(config, deps.pool);
  const cache = new EvidenceCache(4);
  const templates = new EvidenceCache(2);
  return async (raw, helpers) => {
    const { jobId } = parseJob('decks__generate', raw);
    const q = <T = any>(sql: string, params: unknown[]) => helpers.withPgClient(async (c) => (await c.query(sql, params)).rows[0]?.r as T);
    const job = await q<Begun | null>('select app_private.generation_job_begin($1) as r', [jobId]);
    if (!job) return;
    const log = (line: string) => q('select app_private.generation_job_log($1, $2) as r', [jobId, line]);
    try {
      const evidence = await cache.get(job.archiveSha256, async () => {
        const blob = await store.open(job.archiveSha256);
        if (!blob) throw new Error(`This replica cannot reach the evidence archive ${job.archiveName} (sha256 ${job.archiveSha256.slice(0, 12)}…)`);
        return Evidence.open(await readAll(blob.stream, MAX_ARCHIVE_BYTES), job.archiveSha256);
      });
      await log(`evidence ${job.archiveName} verified against sha256 ${job.archiveSha256.slice(0, 12)}…: ${evidence.files.size} files`);

      let commits: CommitInfo[] | null = null;
      if (job.repository) {
        try {
          commits = await host.commits(job.repository, job.sha, HISTORY_LIMIT);
          await log(`history of ${job.sha.slice(0, 12)} from the code host: ${commits.length} commits`);
        } catch (err) {
          await log(`history of ${job.sha.slice(0, 12)} unavailable (${(err as Error).message}); the deck says so`);
        }
      } else {
        await log('no repository recorded for the team: no commit history');
      }

      const pushes = await q<PushReceipt[]>('select app_private.generation_job_pushes($1) as r', [jobId]);
      await log(`push receipts of the team before the freeze: ${pushes.length}`);

      let templateEvidence: Evidence | null = null;
      const templateSha = job.templateSha ?? null;
      if (templateSha === job.sha) templateEvidence = evidence; // the team never pushed: all of it is the template
      else if (templateSha && job.repository) {
        try {
          templateEvidence = await templates.get(templateSha, () => templateFiles(host, job.repository!, templateSha));
          await log(`template revision ${templateSha.slice(0, 12)}: ${templateEvidence.files.size} files, compared so its text is not shown as the team's`);
        } catch (err) {
          await log(`template revision ${templateSha.slice(0, 12)} unavailable (${(err as Error).message}); its text cannot be recognised`);
        }
      }

      const built = await buildDeck({
        template: job.template, team: job.team.name, eventName: job.eventName, sha: job.sha, archiveName: job.archiveName,
        archiveSha256: job.archiveSha256, repository: job.repository, window: job.window, evidence, commits,
        showcase: job.showcase ?? null, templateSha, templateEvidence, roster: job.roster ?? null, pushes,
      }, config.generator, opts.fetch);
      await log(`generator ${built.generator}: ${built.screens.length} screens, ${built.findings.length} validation findings`);

      const html = Buffer.from(built.html, 'utf8');
      const htmlSha = createHash('sha256').update(html).digest('hex');
      await store.put(htmlSha, html.length, Readable.from([html]));
      // the pictures the deck shows: files of the deck, served under its sandbox like any deck file
      for (const f of built.files) await store.put(f.sha256, f.data.length, Readable.from([f.data]));
      await q('select app_private.publish_generated_deck($1, $2, $3) as r', [jobId, JSON.stringify({
        entry: 'index.html', files: [{ path: 'index.html', sha256: htmlSha, size: html.length }, ...built.files.map((f) => ({ path: f.path, sha256: f.sha256, size: f.data.length }))],
        screens: built.screens, findings: built.findings, generator: built.generator,
      }), generatedViewHash(config.authSecret, jobId)]);
    } catch (err) {
      const message = (err as Error).message ?? String(err);
      const final = err instanceof EvidenceError || job.attempts >= MAX_ATTEMPTS;
      await q('select app_private.generation_job_failed($1, $2, $3) as r', [jobId, message, final]);
      if (!final) throw err; // graphile-worker retries it with backoff
      helpers.logger.warn(`decks__generate ${jobId} failed for good: ${message}`);
    }
  };
}
