// Answer shapes of the community vote routes (docs/WIRE.md, "Community vote"), as the
// clients read them. A neutral module: types only, no imports, so the server and the clients
// may both use it (the clients never import api/ or sql/).

export type VoteState = 'unlocked' | 'locked' | 'scheduled' | 'open' | 'closed';
export type BallotState = 'none' | 'draft' | 'submitted' | 'invalidated';

/** A team as the vote names it. */
export interface VoteTeamRef {
  id: string;
  name: string;
}

/** A candidate of a ranking, best first. */
export interface RankedProject {
  projectId: string;
  name: string;
}

/** The window every community answer carries (instants ISO, from the server clock). */
export interface VoteWindow {
  voteState: VoteState;
  opensAt: string;
  closesAt: string;
  votingOpenedAt: string | null;
  /** Set once closed: an organizer's close or the configured close, the first of the two. */
  votingClosedAt: string | null;
  serverTime: string;
  /** The event's IANA time zone (display only: every instant is UTC). */
  timezone: string;
}

export interface EligibilityCandidate {
  projectId: string;
  name: string;
  included: boolean;
  reason: string | null;
  memberCount: number;
  confirmed: boolean;
  ready: boolean;
  /** `ready`, or every reason it is not, comma-separated. */
  readiness: string;
}

export interface EligibilityVoter {
  email: string;
  name: string | null;
  team: VoteTeamRef;
  included: boolean;
  reason: string | null;
}

/** `GET /api/v1/community/eligibility` and `PUT .../eligibility/lock`: the locked version, or the draft. */
export interface Eligibility {
  voteState: VoteState;
  locked: boolean;
  version: number | null;
  lockedAt: string | null;
  rosterLocked: boolean;
  rosterLockedAt: string | null;
  candidates: EligibilityCandidate[];
  voters: EligibilityVoter[];
  counts: { candidates: number; candidatesExcluded: number; voters: number; votersExcluded: number };
}

/** The body of `PUT /api/v1/community/eligibility/lock` (the `--file` of eligibility lock). */
export interface EligibilityFile {
  excludedProjects?: { projectId: string; reason: string }[];
  excludedVoters?: { email: string; reason: string }[];
  confirmedProjects?: string[];
}

/** `DELETE /api/v1/community/eligibility/lock`. */
export interface EligibilityUnlocked {
  unlocked: true;
  /** The version unlocked; null when nothing was locked. */
  version: number | null;
  unlockedAt: string | null;
}

/** `POST /api/v1/community/voting/open`. */
export interface VotingOpened extends VoteWindow {
  eligibilityVersion: number;
  alreadyOpen: boolean;
}

/** `POST /api/v1/community/voting/close`. */
export interface VotingClosed extends VoteWindow {
  closedAt: string;
  alreadyClosed: boolean;
}

/** `GET /api/v1/community/ballot`: the caller's ballot. */
export interface Ballot extends VoteWindow {
  eligibilityVersion: number;
  team: VoteTeamRef;
  /** Null before the first save. */
  id: string | null;
  state: BallotState;
  /** 0 before the first save. */
  revision: number;
  acceptedAt: string | null;
  submittedAt: string | null;
  canSubmit: boolean;
  cannotSubmitReason: string | null;
  /** What the caller ranks: every included candidate but their own team, with its vote presentation (share link, null when unset). */
  candidates: (RankedProject & { voteLink: string | null })[];
  draft: RankedProject[] | null;
  submission: RankedProject[] | null;
  invalidationReason: string | null;
}

/** `PUT /api/v1/community/ballot/draft` and `POST /api/v1/community/ballot/submission`. */
export interface BallotWritten {
  id: string;
  eligibilityVersion: number;
  state: BallotState;
  revision: number;
  acceptedAt: string;
  submittedAt: string | null;
  draft: RankedProject[] | null;
  submission: RankedProject[] | null;
}

/** The body of both ballot writes. */
export interface BallotWrite {
  ranking: string[];
  eligibilityVersion: number;
  expectedRevision: number;
}

/** One row of `GET /api/v1/community/ballots`: never a ranking. */
export interface BallotListed {
  id: string;
  email: string;
  name: string | null;
  team: VoteTeamRef;
  state: Exclude<BallotState, 'none'>;
  revision: number;
  submittedAt: string | null;
  invalidatedAt: string | null;
  invalidationReason: string | null;
}

export interface BallotList {
  eligibilityVersion: number;
  items: BallotListed[];
  nextCursor: null;
}

/** `GET /api/v1/community/ballots/reads`: who read the ballot list. */
export interface BallotReads {
  items: { id: string; email: string; at: string; eligibilityVersion: number | null; ballots: number }[];
  nextCursor: null;
}

/** `POST /api/v1/community/ballots/{id}/invalidate`. */
export interface BallotInvalidated {
  ballot: { id: string; email: string; state: 'invalidated'; invalidatedAt: string; invalidationReason: string };
  /** The results version made when results existed, else null. */
  recalculated: { version: number; created: boolean } | null;
}

export interface ResultRow {
  /** Null when no counted ballot ranks the candidate (unranked, printed `-`). */
  rank: number | null;
  projectId: string;
  name: string;
  /** The exact score rounded half up to 4 decimals; null when unranked. */
  score: string | null;
  /** The exact score `num/den` in lowest terms; null when unranked. */
  fraction: string | null;
  ballots: number;
}

export interface ResultTie {
  rank: number;
  projectIds: string[];
  names: string[];
}

export interface ResultCoverage {
  voters: number;
  submitted: number;
  invalidated: number;
  candidates: number;
  excludedCandidates: number;
  excludedVoters: number;
}

export interface VoteResult {
  version: number;
  eligibilityVersion: number;
  calculatedAt: string;
  released: boolean;
  releasedAt: string | null;
  /** First 12 hex characters of the sha256 of the canonical serialisation (docs/VOTING.md). */
  digest: string;
  rows: ResultRow[];
  ties: ResultTie[];
  coverage: ResultCoverage;
}

/** `GET /api/v1/community/results`: every version, newest first. */
export interface VoteResults {
  items: VoteResult[];
  nextCursor: null;
}

/** `POST /api/v1/community/results`: 201 with `created: true`, or 200 naming the version that holds this ballot set. */
export interface ResultsCalculated {
  version: number;
  created: boolean;
  result: VoteResult;
}

/** `GET /api/v1/community/results/{version}/ballots`: what `podium vote recount` reads. */
export interface BallotExport {
  format: 'podium-vote-ballots/1';
  eligibilityVersion: number;
  resultVersion: number;
  digest: string;
  candidates: RankedProject[];
  /** Counted rankings (project ids, best first), in canonical order; no voter, no ballot id. */
  ballots: string[][];
}

/** `GET /api/v1/community/status`. */
export interface CommunityStatus extends VoteWindow {
  eligibilityVersion: number | null;
  role: 'organizer' | 'participant' | 'advisor';
  voter: { eligible: boolean; team: VoteTeamRef | null; reason: string | null };
  /** The caller's ballot line when they vote. */
  ballot: { state: BallotState; revision: number; acceptedAt: string | null; submittedAt: string | null } | null;
  candidates: { projectId: string; name: string; yours: boolean }[];
  /** The newest released results, if any. */
  results: VoteResult | null;
  notice: string;
}
