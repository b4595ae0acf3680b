// Answer shapes of the hackathon event routes (docs/WIRE.md, "Hackathon event service"), as
// the clients read them. A neutral module: types only, no imports, so the server and the
// clients may both use it (the clients never import api/ or sql/).

/** `{ items, nextCursor }`: every listing's page. */
export interface Paged<T> {
  items: T[];
  nextCursor: string | null;
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
