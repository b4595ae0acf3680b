// Answer shapes of discovery and the identity routes (docs/WIRE.md, "Discovery and
// operations" and "Identity"), as the clients read them. A neutral module: types only, no
// imports, so the server and the clients may both use it (the clients never import api/ or sql/).

/** `GET /api/v1/instance` (public): read before any key is sent. */
export interface Instance {
  name: string;
  apiVersion: string;
  kind: 'cloud' | 'self-hosted';
  url: string;
  /**
   * `password` always; `email_code` with an email driver (self-hosted); `hub` on cloud instances (with `hubUrl`).
   * `emailCodeTools` (with `email_code`): the tools one emailed code may sign in together (`tools` on the
   * sign-in endpoints); absent on older instances, which mail one code per tool.
   */
  auth: { methods: string[]; hubUrl?: string; emailCodeTools?: Array<'deck' | 'hackathon'> };
  limits: { maxFileSizeMb: number };
}

export interface UserRef {
  id: string;
  email: string;
  name: string | null;
}

/** The workspace a request acts in, with the caller's role there. */
export interface ActingWorkspace {
  id: string;
  name: string;
  organizationId: string | null;
  role: string;
}

/** A key as `GET /api/v1/me` describes it (never its secret). */
export interface KeyInfo {
  id: string;
  name: string;
  tool: 'deck' | 'hackathon';
  scopes: string[];
  /** The workspace the key is pinned to, if any. */
  workspaceId: string | null;
  expiresAt: string | null;
}

/** `GET /api/v1/me`: `key` is null for sessions, `workspace` null without a membership. */
export interface Me {
  via: 'session' | 'api_key';
  user: UserRef;
  workspace: ActingWorkspace | null;
  key: KeyInfo | null;
}

/** One of the caller's workspaces (`GET /api/v1/workspaces`). */
export interface Workspace {
  id: string;
  name: string;
  organizationId: string | null;
  role: string;
  isDefault: boolean;
}

/** `GET /api/v1/workspaces`: one page, sorted by name. */
export interface Workspaces {
  items: Workspace[];
  nextCursor: null;
}

/** `PUT /api/v1/me/default-workspace`. */
export interface DefaultWorkspaceSet {
  defaultWorkspace: { id: string; name: string; organizationId: string | null };
}

/** `POST /api/v1/cli/auth/request`: the same answer whether or not the account exists. */
export interface SignInCodeRequested {
  ok: true;
  message: string;
  /** `outbox`: the instance keeps mail for its operator (EMAIL_DRIVER unset or outbox); `email`: a mail service sends it. Absent on older instances. */
  delivery?: 'outbox' | 'email';
  /** With `outbox`: one sentence saying where the operator reads the code. */
  hint?: string;
}

/** `POST /api/v1/cli/auth/complete`: the key, shown this once. */
export interface SignInKeyMinted {
  key: string;
  prefix: string;
  id: string;
  name: string;
  tool: 'deck' | 'hackathon';
  scopes: string[];
  workspaceId: string | null;
  expiresAt: string | null;
  createdAt: string;
  user: UserRef;
}

/** One key of `POST /api/v1/cli/auth/complete` with `tools`: shown this once. */
export type MintedKey = Omit<SignInKeyMinted, 'user'>;

/** `POST /api/v1/cli/auth/complete` with `tools`: one key per tool, in the order asked, each its own tool's. */
export interface SignInKeysMinted {
  keys: MintedKey[];
  user: UserRef;
}

/** `DELETE /cli/auth/key`: the presenting key revoked itself. */
export interface KeyRevoked {
  revoked: { id: string; name: string; revokedAt: string };
}

/** `POST /api/v1/auth/session` (the cookie comes in `Set-Cookie`). */
export interface SessionOpened {
  ok: true;
  userId: string;
}

/** `DELETE /api/v1/auth/session`. */
export interface SessionClosed {
  ok: true;
}

/** A workspace invitation or a collaborator claim (`/api/v1/invitations`); no secret ever. */
export interface Invitation {
  id: string;
  kind: 'workspace' | 'collaborator';
  email: string;
  role: 'owner' | 'admin' | 'member' | 'guest' | null;
  source: 'invite' | 'roster' | 'operator' | 'collaborator';
  /** `sending` until the worker mailed the link; `expired` 7 days after. */
  state: 'sending' | 'pending' | 'expired' | 'accepted' | 'revoked';
  invitedBy: UserRef | null;
  workspaceId: string;
  presentationId: string | null;
  createdAt: string;
  sentAt: string | null;
  expiresAt: string | null;
  acceptedAt: string | null;
  revokedAt: string | null;
}

/** `GET /api/v1/invitations`: pending (and expired) invitations of the workspace. */
export interface Invitations {
  items: Invitation[];
  nextCursor: string | null;
}
