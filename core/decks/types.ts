// Generated decks: the shapes the evidence reader, the generators, the validator and the
// renderer share. A deck is a list of screens; a screen a heading and claims; a
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

/** What a team wrote on its event team page (showcase set): its own words, cited as such. */
export interface Showcase {
  product: string | null;
  tagline: string | null;
  description: string | null;
}
export type ShowcaseField = keyof Showcase;

/** A file's line range, a commit, a field of the team's showcase, or one of the
 *  server's own push receipts by its sequence number (when the code arrived). */
export type Citation = { path: string; start: number; end: number } | { commit: string } | { showcase: ShowcaseField } | { receipt: number };

/** What a negative claim says is absent. */
export type AbsenceSubject = 'readme' | 'description' | 'does' | 'source' | 'run' | 'tests' | 'next'
  | 'test_files'; // no file holds a test (a test script may be configured)

export interface Absence {
  subject: AbsenceSubject;
  /** What was checked before saying so: manifests by path, and the file tree. */
  checked: string[];
}

export interface Claim {
  text: string;
  cite?: Citation | null;
  /** Marked `[unverified]`: the claim cites nothing and says so. */
  unverified?: boolean;
  /** A negative claim: the subject it says is absent. The validator checks the whole archive
   *  for it (core/decks/absence.ts); a claim that something is absent carries this, always. */
  absent?: Absence;
  /** A code screen's snippet: the cited lines exactly as they are in the file (joined by
   *  newlines). The validator checks the cited lines hold exactly this text. */
  quote?: string;
}

/** Commits over the build window, in equal time buckets: drawn as an inline SVG bar chart.
 *  `commits` are the shas counted (each in the pushed history); the counts add up to them. */
export interface CommitChart {
  from: string; // ISO instant: the window's start
  to: string; // the freeze
  counts: number[];
  commits: string[];
  /** The build story: one row per commit, oldest first (at most CHART_ROWS, the newest). */
  rows?: ChartRow[];
  /** The server's push receipts in the window, drawn as markers: each with the commits it brought. */
  pushes?: ChartPush[];
}

export interface ChartRow {
  sha: string;
  at: string; // author date
  /** The roster name of the author, or "someone else" when the address is not on the team's roster. */
  who: string;
  subject: string;
  /** Files and lines changed, when the code host tells (absent otherwise). */
  files?: number;
  added?: number;
  deleted?: number;
}

export interface ChartPush {
  sequence: number;
  at: string;
  commits: number;
}

export interface Screen {
  heading: string;
  claims: Claim[];
  chart?: CommitChart;
  /** "How it works": the parts and the calls between them, drawn as SVG. */
  diagram?: Diagram;
}

export type FindingCode = 'screen_count' | 'empty_screen' | 'uncited_claim' | 'invalid_citation' | 'text_too_long' | 'false_absence' | 'unparsed_file';

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
  /** Committer date and parents, when the code host gives them (provenance). */
  committedAt?: string;
  parents?: string[];
  /** Files and lines changed by the commit, when the code host gives them. */
  files?: number;
  added?: number;
  deleted?: number;
}

/** An accepted push of the team, as the server received it (app.submission_receipts, read by
 *  app_private.generation_job_pushes): the server's own record of when code arrived. */
export interface PushReceipt {
  sequence: number;
  receivedAt: string;
  /** The revision the push moved the branch from (null for a new branch). */
  before: string | null;
  sha: string;
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
  /** The team's showcase, when it wrote one: it leads the deck. */
  showcase?: Showcase | null;
  /** The template revision the team's repository was created from, and its files when the
   *  code host could give them: the template's text is recognised, never shown as the team's. */
  templateSha?: string | null;
  templateEvidence?: import('./evidence.ts').Evidence | null;
  /** The team's roster entries with a name, each with the opaque key of its normalized
   *  address (the same key as CommitInfo.author): commit authors are named by roster name. */
  roster?: RosterName[] | null;
  /** The team's accepted pushes before the freeze, oldest first; null when not read. */
  pushes?: PushReceipt[] | null;
}

export interface RosterName {
  name: string;
  key: string;
}

export interface GeneratedDeck {
  generator: string;
  screens: Screen[];
}

export function citationLabel(c: Citation): string {
  if ('showcase' in c) return `team showcase: ${c.showcase}`;
  if ('receipt' in c) return `push receipt #${c.receipt}`;
  return 'commit' in c ? `commit ${c.commit.slice(0, 12)}` : c.start === c.end ? `${c.path}:${c.start}` : `${c.path}:${c.start}-${c.end}`;
}

/** An architecture drawn from the evidence (architecture.ts): parts and calls, each cited. */
export interface DiagramNode {
  id: string;
  label: string;
  kind: 'service' | 'datastore' | 'external';
  /** The image, the build folder, the published ports: as the file says. */
  detail: string | null;
  cite: Citation;
}

export interface DiagramEdge {
  from: string;
  to: string;
  cite: Citation;
}

export interface Diagram {
  nodes: DiagramNode[];
  edges: DiagramEdge[];
}
