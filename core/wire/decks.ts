// Wire shapes of the generated decks (docs/WIRE.md, "Generated decks"): types, and zod schemas (their types under the same names) for what the live stream carries too.
import * as z from 'zod';

export type DeckKind = 'jury' | 'community';
export type Citation = { path: string; start: number; end: number } | { commit: string } | { showcase: 'product' | 'tagline' | 'description' } | { receipt: number };

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

export interface DeckTemplates {
  items: DeckTemplate[];
  publisher: { service: 'deck'; url: string; apiVersion: string; version: string };
}

export const RunCounts = z.object({ pending: z.number(), running: z.number(), review: z.number(), failed: z.number(), skipped: z.number() });
export type RunCounts = z.infer<typeof RunCounts>;

/** A run's head (also the payload of its live kinds, core/wire/live.ts). */
export const GenerationRun = z.object({
  id: z.string(),
  revision: z.number(),
  newRevision: z.boolean(),
  status: z.enum(['running', 'done']),
  createdAt: z.string(),
  counts: RunCounts,
});
export type GenerationRun = z.infer<typeof GenerationRun>;

export interface RunStarted {
  run: GenerationRun;
  skipped: { team: { id: string; name: string }; kind: DeckKind; reason: string }[];
}

export interface GenerationRuns {
  currentRevision: number;
  items: GenerationRun[];
}

export interface GenerationJob {
  id: string;
  team: { id: string; name: string };
  kind: DeckKind;
  status: 'pending' | 'running' | 'review' | 'failed' | 'skipped';
  attempts: number;
  lastError: string | null;
  skipReason: string | null;
  sha: string;
  /** The deck the job made, with what happened to it since (review and release). */
  deck: { id: string; version: number; review: 'pending' | 'approved' | 'rejected'; release: 'released' | 'superseded' | 'not released' } | null;
  log?: string;
}

export interface GenerationRunDetail {
  run: GenerationRun;
  jobs: GenerationJob[];
}

export interface Finding {
  code: 'screen_count' | 'empty_screen' | 'uncited_claim' | 'invalid_citation' | 'text_too_long' | 'false_absence' | 'unparsed_file';
  message: string;
  screen?: number;
  claim?: number;
}

export interface GeneratedDeck {
  id: string;
  team: { id: string; name: string };
  kind: DeckKind;
  version: number;
  revision: number;
  template: { name: string; schemaVersion: number; screens: { min: number; max: number } };
  generator: string;
  sha: string;
  evidence: { name: string; sha256: string };
  review: 'pending' | 'approved' | 'rejected';
  reviewNote?: string | null;
  reviewedAt: string | null;
  release: 'released' | 'superseded' | 'not released';
  releasedAt: string | null;
  invalidated: boolean;
  invalidatedAt: string | null;
  evidenceChanged: boolean;
  presentationId: string;
  view: string | null;
  findings: Finding[];
  screens: { heading: string; claims: { text: string; cite?: Citation | null; unverified?: boolean; absent?: { subject: string; checked: string[] } }[]; chart?: { from: string; to: string; counts: number[]; commits: string[]; rows?: { sha: string; at: string; who: string; subject: string; files?: number; added?: number; deleted?: number }[]; pushes?: { sequence: number; at: string; commits: number }[] } }[];
  createdAt: string;
}

export interface GeneratedDeckRow {
  id: string;
  team: { id: string; name: string };
  kind: DeckKind;
  version: number;
  revision: number;
  review: GeneratedDeck['review'];
  release: GeneratedDeck['release'];
  invalidated: boolean;
  evidenceChanged: boolean;
  findings: number;
  createdAt: string;
}

export type GalleryState = 'none' | 'generating' | 'review' | 'failed' | 'invalidated' | 'evidence_changed' | 'pending' | 'released';

export interface GalleryKind {
  state: GalleryState;
  version?: number;
  deckId?: string;
  view?: string | null;
  evidenceChanged?: boolean;
  /** The deck's thumbnail is made: served at /event/decks/<deckId>/thumbnail.png. */
  thumbnail?: boolean;
}

export interface Gallery {
  role: 'organizer' | 'participant' | 'jury' | 'advisor';
  voteSection: 'on' | 'off';
  items: { team: { id: string; name: string }; jury: GalleryKind; community: GalleryKind }[];
}

export interface Released {
  team: { id: string; name: string };
  released: { kind: DeckKind; id: string; version: number; view: string | null }[];
  superseded: { kind: DeckKind; id: string; version: number }[];
  unchanged: { kind: DeckKind; id: string; version: number }[];
}

/** What became of a job's deck, in words for the CLIs and the TUI: its review, and its release once released or superseded. */
export function deckFate(d: NonNullable<GenerationJob['deck']>): string {
  return d.review === 'pending' ? 'awaiting review' : d.release === 'not released' ? d.review : `${d.review}, ${d.release}`;
}

/** What participants are told about generated decks, in the CLI's connect and
 *  setup output and on the /event page's team card. */
export const DECKS_NOTE = 'your repository becomes a jury deck and a community deck at the freeze: hackathon decks preview shows what they will say';
