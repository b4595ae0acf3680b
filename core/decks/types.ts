// Generated decks: the shapes the evidence reader, the generators, the validator and the
// renderer share (issue 16). A deck is a list of screens; a screen a heading and claims; a
// claim cites the frozen evidence (a file's line range, or a commit) or is marked unverified.

export type DeckKind = 'jury' | 'community';

/** A template as SQL holds it (app_private.deck_templates, app_private.deck_template_json). */
export interface DeckTemplate {
  kind: DeckKind;
  name: string;
  description: string;
  schemaVersion: number;
  screens: { min: number; max: number };
  maxClaimChars: number;
  maxClaimsPerScreen: number;
  headings: { heading: string; required: boolean }[];
}

export type Citation = { path: string; start: number; end: number } | { commit: string };

export interface Claim {
  text: string;
  cite?: Citation | null;
  /** Marked `[unverified]`: the claim cites nothing and says so. */
  unverified?: boolean;
}

export interface Screen {
  heading: string;
  claims: Claim[];
}

export type FindingCode = 'screen_count' | 'empty_screen' | 'uncited_claim' | 'invalid_citation' | 'text_too_long';

export interface Finding {
  code: FindingCode;
  message: string;
  screen?: number; // 1-based
  claim?: number; // 1-based within the screen
}

/** One commit of the frozen revision's history, as the code host answers it. Authors are
 *  counted, never named: `author` is an opaque key (a hash of the author's address). */
export interface CommitInfo {
  sha: string;
  author: string;
  at: string; // ISO instant (author date)
  subject: string;
}

/** What a generator is given: the verified evidence and the job's context. */
export interface GenerateInput {
  template: DeckTemplate;
  team: string;
  eventName: string;
  sha: string;
  archiveName: string;
  archiveSha256: string;
  repository: string | null;
  window: { startsAt: string; freezeAt: string };
  evidence: import('./evidence.ts').Evidence;
  /** null when the code host could not answer (the deck says so instead of guessing). */
  commits: CommitInfo[] | null;
}

export interface GeneratedDeck {
  generator: string;
  screens: Screen[];
}

export function citationLabel(c: Citation): string {
  return 'commit' in c ? `commit ${c.commit.slice(0, 12)}` : c.start === c.end ? `${c.path}:${c.start}` : `${c.path}:${c.start}-${c.end}`;
}
