// Generator input from small archives: the two templates as SQL holds them, an
// input from a list of entries (test/helpers/deck-truth.ts's evidenceOf), and the entries of a
// real-project fixture tree under test/fixtures/.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CommitInfo, DeckTemplate, GenerateInput, Screen } from '../../core/decks/types.ts';
import { evidenceOf, type Entry } from './deck-truth.ts';

export const JURY: DeckTemplate = {
  kind: 'jury', name: 'jury', description: 'Five-minute live presentation for the jury', schemaVersion: 1, screens: { min: 6, max: 8 }, maxClaimChars: 240, maxClaimsPerScreen: 6,
  headings: ['Problem', 'What it does', 'How it works', 'What was built in the event', 'Evidence it runs', 'What is tested', 'What is next', 'The evidence']
    .map((heading, i) => ({ heading, required: i < 6 })),
};
export const COMMUNITY: DeckTemplate = {
  kind: 'community', name: 'community', description: 'A pitch for the community vote (what it is, who it is for, one picture, one number)', schemaVersion: 2, screens: { min: 3, max: 4 }, maxClaimChars: 160, maxClaimsPerScreen: 2,
  headings: ['What it is', 'Who it is for', 'In one number', 'Try it'].map((heading, i) => ({ heading, required: i < 3 })),
};
export const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
export const WINDOW = { startsAt: '2030-05-01T09:00:00.000Z', freezeAt: '2030-05-02T09:15:00.000Z' };
export const COMMITS: CommitInfo[] = [{ sha: SHA, author: '0123456789abcdef', at: '2030-05-01T12:00:00Z', subject: 'Build it' }];

export function inputOf(entries: Entry[], template: DeckTemplate = JURY): GenerateInput {
  const evidence = evidenceOf(entries, SHA);
  return {
    template, team: 'Rocket', eventName: 'Spring Hack', sha: SHA, archiveName: `submission-${SHA.slice(0, 12)}.tar.gz`, archiveSha256: evidence.archiveSha256,
    repository: 'acme/rocket', window: WINDOW, evidence, commits: COMMITS,
  };
}

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

/** Every file of test/fixtures/<name>, as archive entries (paths relative to the tree). */
export function fixtureEntries(name: string): Entry[] {
  const root = path.join(FIXTURES, name);
  const out: Entry[] = [];
  const walk = (dir: string) => {
    for (const n of readdirSync(dir).sort()) {
      const full = path.join(dir, n);
      if (statSync(full).isDirectory()) walk(full);
      else out.push({ path: path.relative(root, full).split(path.sep).join('/'), data: readFileSync(full) });
    }
  };
  walk(root);
  return out;
}

export const claimsOf = (screens: Screen[], heading: string) => screens.find((s) => s.heading === heading)?.claims ?? [];
export const textsOf = (screens: Screen[]) => screens.flatMap((s) => s.claims.map((c) => c.text));
