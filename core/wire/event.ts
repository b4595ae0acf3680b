// Answer shapes of the hackathon event routes (docs/WIRE.md, "Hackathon event service"), as
// the clients read them. A neutral module: types only, no imports, so the server and the
// clients may both use it (the clients never import api/ or sql/).

/** `{ items, nextCursor }`: every listing's page. */
export interface Paged<T> {
  items: T[];
  nextCursor: string | null;
}

export type EventPhase = 'scheduled' | 'building' | 'grace' | 'closed';
export type EventRole = 'organizer' | 'participant' | 'jury' | 'advisor';

/** Why the build end moved while the event was running (newest first, shown to everyone). */
export interface EventNotice {
  at: string;
  reason: string;
  previousBuildEndsAt: string;
  buildEndsAt: string;
}

/** `GET /api/v1/event`: the event record; `phase` and `serverTime` come from the server clock. */
export interface EventRecord {
  id: string;
  name: string;
  version: number;
  timezone: string;
  startsAt: string;
  buildEndsAt: string;
  freezeAt: string;
  voteOpensAt: string;
  voteClosesAt: string;
  phase: EventPhase;
  serverTime: string;
  voteSection: 'on' | 'off';
  rosterLockedAt: string | null;
  votingOpenedAt: string | null;
  github: EventGithub | null;
  notices: EventNotice[];
  createdAt: string;
  updatedAt: string;
}

/** `PUT /api/v1/event`: `created` when `expectedVersion` 0 created it. */
export interface EventConfigured {
  created: boolean;
  event: EventRecord;
}

/** `GET /api/v1/event/status`: clients compute time left from `serverTime`, never their own clock. */
export interface EventStatus {
  name: string;
  version: number;
  timezone: string;
  phase: EventPhase;
  serverTime: string;
  startsAt: string;
  buildEndsAt: string;
  freezeAt: string;
  voteOpensAt: string;
  voteClosesAt: string;
  /** When an organizer closed voting (`community voting close`), null until then: the vote close is behind us. */
  voteClosedAt: string | null;
  /** The newest released community result, null until one is released. */
  resultsReleased: { version: number; releasedAt: string } | null;
  voteSection: 'on' | 'off';
  notices: EventNotice[];
  role: EventRole;
  /** Null for roles without a team. */
  team: TeamRef | null;
  /** Every team for organizers, the own team for a participant, none for jury and advisors. */
  teams: { id: string; name: string; state: string }[];
}

/** `PUT /api/v1/event/github` (and the record's `github`). */
export interface EventGithub {
  organization: string;
  template: string;
  branch: string;
}

/** `PUT /api/v1/event/vote`. */
export interface VoteSection {
  voteSection: 'on' | 'off';
}

/** `PUT /api/v1/event/roster`: the whole roster replaced. */
export interface RosterImported {
  imported: number;
  removed: { email: string; team: string | null }[];
  created: string[];
  dissolved: string[];
  /** Roster people who are not workspace members and were mailed an invitation now. */
  invited: string[];
}

/** The latest workspace invitation of a roster person (`roster show`). */
export interface RosterInvitation {
  state: 'sending' | 'pending' | 'expired' | 'accepted' | 'revoked';
  sentAt: string | null;
  expiresAt: string | null;
}

/** A roster row (`GET /api/v1/event/roster`). */
export interface RosterEntry {
  id: string;
  email: string;
  name: string | null;
  role: EventRole;
  team: string | null;
  /** The code-host username on the row: a participant's from connect --github, an advisor's from the roster file. */
  github: string | null;
  signedIn: boolean;
  invitation: RosterInvitation | null;
  /** What the roster gives on the code host now; null for organizers and jury. */
  repository: RosterRepository | null;
  addedAt: string;
}

/**
 * A roster row's repository: its team's (`name`, null for an advisor, who reads every team's,
 * or before provisioning), the permission the roster gives, and on the local host where the
 * account stands on it (`standing`; null on GitHub); `no_username` on either host for someone
 * with no code-host username yet, who cannot be invited.
 */
export interface RosterRepository {
  name: string | null;
  permission: 'maintain' | 'read';
  standing: 'member' | 'invited' | 'none' | 'no_username' | null;
}

/** A removed person whose access the code host still has to take away (codehost__revoke_access). */
export interface AccessRevocation {
  email: string;
  login: string;
  repository: string;
  requestedAt: string;
  attempts: number;
  lastError: string | null;
}

/** `GET /api/v1/event/roster`: a page of rows and the lock. */
export interface RosterPage extends Paged<RosterEntry> {
  rosterLockedAt: string | null;
  /** Pending revocations, oldest first (every page carries them). */
  revocations: AccessRevocation[];
}

/** A programme item. */
export interface AgendaItem {
  title: string;
  kind: string;
  startsAt: string;
  endsAt: string | null;
}

/** `GET /api/v1/event/agenda`, sorted by start. */
export interface Agenda {
  items: AgendaItem[];
}

/** `PUT /api/v1/event/agenda`: the programme as stored. */
export interface AgendaSet extends Agenda {
  count: number;
}

/** `PUT` / `DELETE /api/v1/event/roster/lock`. */
export interface RosterLock {
  rosterLockedAt: string | null;
}

export interface TeamRef {
  id: string;
  name: string;
}

/** `GET` / `PATCH /api/v1/event/showcase`; a field is null when unset. */
export interface Showcase {
  team: TeamRef;
  product: string | null;
  tagline: string | null;
  description: string | null;
}

/** `GET` / `PATCH /api/v1/event/deck-links`; a link is null when unset. */
export interface DeckLinks {
  team: TeamRef;
  demo: string | null;
  pitch: string | null;
  vote: string | null;
}

/** A project (`/api/v1/projects...`). */
export interface Project {
  id: string;
  name: string;
  description: string | null;
  metadata: Record<string, unknown>;
  archived: boolean;
  archivedAt: string | null;
  inEvent: boolean;
  role: string;
  createdAt: string;
  updatedAt: string;
}

/** A project member: a person or a team (the other kind's fields are null). */
export interface ProjectMember {
  id: string;
  kind: 'person' | 'team';
  role: string;
  userId: string | null;
  email: string | null;
  name: string | null;
  teamId: string | null;
  teamSlug: string | null;
  teamName: string | null;
  addedAt: string;
}

/** `DELETE /api/v1/projects/:id/members/...`. */
export interface ProjectMemberRemoved {
  removed: ProjectMember;
}

/** A workspace team (`GET /api/v1/teams`). */
export interface Team {
  id: string;
  slug: string;
  name: string;
  hubManaged: boolean;
  memberCount: number;
  createdAt: string;
}

/** A member of a workspace team (`GET /api/v1/teams/:team/members`). */
export interface TeamMember {
  userId: string;
  email: string;
  name: string | null;
  addedAt: string;
}

/** `DELETE /api/v1/teams/:team`: the team as it was, and how many project roles went with it. */
export interface TeamDeleted {
  deleted: Team & { projectEntries: number };
}

/** `DELETE /api/v1/teams/:team/members/:person`. */
export interface TeamMemberRemoved {
  removed: { userId: string; email: string };
}

/** A demo pass; `links` only in the answer that minted it (the only place the secret appears). */
export interface DemoPass {
  id: string;
  userId: string;
  email: string;
  expiresAt: string;
  revokedAt: string | null;
  uses: number;
  lastUsedAt: string | null;
  createdAt: string;
  links?: string[];
}

/** `DELETE /api/v1/demo/passes/:id`. */
export interface DemoPassRevoked {
  id: string;
  revokedAt: string;
  sessionsEnded: number;
}

/** The five deadlines of `event status`, in order. */
export type DeadlineKey = 'startsAt' | 'buildEndsAt' | 'freezeAt' | 'voteOpensAt' | 'voteClosesAt';

/**
 * Whether a deadline is still ahead at `nowMs` (the server's clock): an early `voting close`
 * ends the vote's deadline whatever the configured close says. Every surface (event status,
 * the TUI Overview, the web dashboards) counts down only to a deadline this answers true for.
 */
export function deadlineAhead(s: Pick<EventStatus, DeadlineKey | 'voteClosedAt'>, key: DeadlineKey, nowMs: number): boolean {
  if (key === 'voteClosesAt' && s.voteClosedAt) return false;
  return Date.parse(s[key]) > nowMs;
}
