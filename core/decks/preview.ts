// A preview of a team's generated decks before the freeze: the jury and the
// community deck built from the team's last accepted push as the code host holds it now, not
// from frozen evidence, so the team sees what they will say and can fix its README. The
// archive is read straight from the code host (`git archive` of that sha, in a temporary
// directory removed afterwards) and never stored; nothing is published, no generation run,
// review or release is touched. The built-in generator writes it (deterministic, needs
// nothing outside the machine), so a preview never spends a configured chat endpoint.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CodeHost } from '../codehost/types.ts';
import { Evidence } from './evidence.ts';
import { buildDeck } from './generate.ts';
import { citationLabel, type CommitInfo, type DeckTemplate, type Finding, type PushReceipt, type Showcase } from './types.ts';

const HISTORY_LIMIT = 5000;
export const PREVIEW_MARK = 'preview, not the submitted deck';

/** What app.deck_preview_target answers. */
export interface PreviewTarget {
  team: { id: string; name: string };
  eventName: string;
  sha: string;
  pushedAt: string;
  pushSequence: number;
  repository: string;
  templateSha: string | null;
  showcase: Showcase;
  window: { startsAt: string; freezeAt: string };
  pushes: PushReceipt[];
  templates: DeckTemplate[];
}

export interface PreviewScreen {
  heading: string;
  claims: { text: string; cite: string | null; unverified?: true }[];
}

export interface DeckPreview {
  preview: true;
  mark: typeof PREVIEW_MARK;
  notice: string;
  team: { id: string; name: string };
  sha: string;
  pushedAt: string;
  decks: { kind: DeckTemplate['kind']; screens: PreviewScreen[]; findings: Finding[] }[];
}

async function archiveOf(host: CodeHost, repository: string, sha: string): Promise<Evidence> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'podium-preview-'));
  try {
    const file = path.join(dir, 'preview.tar.gz');
    await host.archive(repository, sha, file);
    const gz = await readFile(file);
    return await Evidence.open(gz, createHash('sha256').update(gz).digest('hex'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function buildPreview(host: CodeHost, t: PreviewTarget): Promise<DeckPreview> {
  const evidence = await archiveOf(host, t.repository, t.sha);
  let commits: CommitInfo[] | null = null;
  try {
    commits = await host.commits(t.repository, t.sha, HISTORY_LIMIT);
  } catch {
    commits = null; // the deck says the history is unavailable, as a generated deck does
  }
  let templateEvidence: Evidence | null = null;
  if (t.templateSha === t.sha) templateEvidence = evidence;
  else if (t.templateSha) templateEvidence = await archiveOf(host, t.repository, t.templateSha).catch(() => null);
  const decks: DeckPreview['decks'] = [];
  for (const template of t.templates) {
    const built = await buildDeck({
      template, team: t.team.name, eventName: t.eventName, sha: t.sha, archiveName: `preview-${t.sha.slice(0, 12)}.tar.gz`,
      archiveSha256: evidence.archiveSha256, repository: t.repository, window: t.window, evidence, commits,
      showcase: t.showcase, templateSha: t.templateSha, templateEvidence, roster: null, pushes: t.pushes,
    }, null);
    decks.push({
      kind: template.kind,
      screens: built.screens.map((s) => ({
        heading: s.heading,
        claims: s.claims.map((c) => ({ text: c.text, cite: c.cite ? citationLabel(c.cite) : null, ...(c.unverified ? { unverified: true as const } : {}) })),
      })),
      findings: built.findings,
    });
  }
  return {
    preview: true, mark: PREVIEW_MARK, team: t.team, sha: t.sha, pushedAt: t.pushedAt, decks,
    notice: `Built from the last accepted push ${t.sha.slice(0, 12)} (received ${t.pushedAt}), not from frozen evidence: at the freeze the decks are generated again from the frozen revision`,
  };
}
