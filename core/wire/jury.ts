// Answer shapes of the jury routes (docs/WIRE.md, "Jury"), as the CLI, the TUI and
// the pages read them.

export type JuryState = 'setup' | 'open' | 'closed';

export interface JuryCriterion { position: number; name: string; description: string | null; weight: number }

/** `GET|PUT /api/v1/event/jury/criteria`. */
export interface JuryCriteria {
  scale: { min: number; max: number };
  criteria: JuryCriterion[];
  totalWeight: number;
  state: JuryState;
  fixed: boolean;
}

export interface JuryConflict { juror: string; projectId: string; team: string; kind: 'roster' | 'advised' | 'declared'; reason: string }

export interface JuryShortfall { projectId: string; team: string; assigned: number; needed: number; freeJurors: number; reason: string }

/** `GET /api/v1/event/jury/assignments` and `POST /api/v1/event/jury/plan` (with `planned`). */
export interface JuryAssignments {
  perTeam: number;
  seed: number;
  state: JuryState;
  items: { juror: string; projectId: string; team: string; source: 'plan' | 'manual'; scoreState: 'none' | 'draft' | 'submitted' }[];
  jurors: { juror: string; name: string | null; load: number }[];
  shortfall: JuryShortfall[];
  planned?: number;
}

/** `GET /api/v1/event/jury/progress` (counts only). */
export interface JuryProgress {
  state: JuryState;
  assigned: number;
  submitted: number;
  teams: { projectId: string; team: string; assigned: number; submitted: number; drafts: number }[];
  jurors: { juror: string; name: string | null; assigned: number; submitted: number; drafts: number; late: boolean }[];
}

/** `GET /api/v1/event/jury`. */
export interface JuryStatus {
  state: JuryState;
  openedAt: string | null;
  closedAt: string | null;
  now: string;
  role: string;
  released: boolean;
  progress?: JuryProgress;
  assigned?: number;
  submitted?: number;
}

/** One score as its juror reads it (`PUT .../scores/{team}/draft`, `POST .../submission`). */
export interface JuryScore {
  projectId: string;
  team: string;
  state: 'none' | 'draft' | 'submitted';
  revision: number;
  draft: Record<string, number> | null;
  submission: Record<string, number> | null;
  note: string | null;
  acceptedAt: string | null;
  submittedAt: string | null;
}

/** `GET /api/v1/event/jury/scores`: the caller's teams. */
export interface MyJuryScores extends JuryCriteria {
  juror: string;
  items: (JuryScore & { tagline: string | null })[];
}

export interface JuryResultRow { rank: number | null; projectId: string; name: string; score: string | null; fraction: string | null; scores: number; assigned: number }

/** One version (`GET /api/v1/event/jury/results` items, `POST` with `created`). */
export interface JuryResult {
  version: number;
  method: 'mean' | 'rank';
  calculatedAt: string;
  released: boolean;
  releasedAt: string | null;
  digest: string;
  rows: JuryResultRow[];
  ties: { rank: number; projectIds: string[]; names: string[] }[];
  coverage: { teams: number; teamsScored: number; assigned: number; submitted: number; jurors: number };
  created?: boolean;
}

/** Payloads of the jury's live kinds. */
export interface JuryLivePayloads {
  /** Organizers: one team's counts changed (projectId null: a new plan). */
  'jury.progress': { projectId: string | null; assigned: number; submitted: number; state: JuryState };
  /** Organizers and jurors: judging opened or closed. */
  'jury.window': { state: JuryState; at: string };
  /** Everyone on the roster: a jury results version was released. */
  'jury.released': { version: number; digest: string };
}
