// What the operator's SQL functions answer (sql/migrations/000002_identity_functions.sql), as
// podium prints them: `--json` prints them whole, the sentences read these fields.

/** `app_private.create_workspace`. */
export interface WorkspaceCreated {
  id: string;
  name: string;
  organizationId: string | null;
  createdAt: string;
}

/** `app_private.setup`: the first workspace and its owner. */
export interface SetupDone {
  workspace: WorkspaceCreated;
  owner: { id: string; email: string; name: string | null };
  operator: true; // the first owner is the instance operator
}

/** `app_private.add_member`. */
export interface MemberAdded {
  workspaceId: string;
  workspace: string;
  userId: string;
  email: string;
  role: string;
}

/** `app_private.create_api_key` (the key itself is minted here and never stored). */
export interface ApiKeyCreated {
  id: string;
  name: string;
  tool: string;
  scopes: string[];
  workspaceId: string | null;
  expiresAt: string | null;
  createdAt: string;
}

/** `app_private.erase_account`: what an erasure removed (`erased: false`: erased before, on `erasedAt`). */
export interface AccountErased {
  erased: boolean;
  userId: string;
  erasedAt: string;
  sessions?: number;
  keys?: number;
  demoPasses?: number;
  memberships?: number;
  projectMemberships?: number;
  teamMemberships?: number;
  rosterRows?: number;
  liveRows?: number;
  ownerlessWorkspaces?: { id: string; name: string }[];
}

/** `app_private.invite`: the invitation (never its link, which only the mail carries). */
export interface InvitationMade {
  id: string;
  email: string;
  role: string;
  state: string;
  workspaceId: string;
  createdAt: string;
}
