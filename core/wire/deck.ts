// Answer shapes of the deck service routes (docs/WIRE.md, "Deck service"), as the clients
// read them. A neutral module: types only, no imports, so the server and the clients may
// both use it (the clients never import api/ or sql/).

/** A share link as every answer carries it (never its secret). */
export interface ShareLinkToken {
  id: string;
  presentationId: string;
  name: string | null;
  follows: 'latest' | 'pinned';
  pinnedVersion: number | null;
  showBar: boolean;
  canDownload: boolean;
  formsEnabled: boolean;
  expiresAt: string | null;
  hasPassword: boolean;
  dashboardPreview: boolean;
  viewCount: number;
  downloadCount: number;
  lastOpenedAt: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** `POST /api/v1/presentations/{id}/share-links`: the secret appears only in `url` and `embed`. */
export interface ShareLinkMinted {
  token: ShareLinkToken;
  url: string;
  embed: { script: string; iframe: string; embedJsUrl: string };
}

/** `POST /api/v1/presentations/{id}/share-links/email`: no URL. */
export interface ShareLinkMailed {
  token: ShareLinkToken;
  sentTo: string;
}

/** `DELETE /api/v1/presentations/{id}`. */
export interface DeckDeleted {
  deleted: true;
  presentation: { id: string; deletedAt: string };
}

/** `PUT /api/v1/presentations/{id}/notify`. */
export interface DeckNotify {
  presentationId: string;
  notify: boolean;
}

/** A deck (`GET /api/v1/presentations` items); `version` is the current version (0 before any). */
export interface Deck {
  id: string;
  title: string;
  kind: 'presentation' | 'app' | 'plan';
  interactive: boolean;
  metadata: Record<string, unknown>;
  remixedFrom: string | null;
  version: number;
  workspaceId: string;
  owner: { id: string; email: string; name: string | null } | null;
  notify: boolean;
  role: 'owner' | 'admin' | 'collaborator';
  createdAt: string;
  updatedAt: string;
  /** The deck's page on the instance. */
  url: string;
}

/** A version of a deck (`GET /api/v1/presentations/{id}/versions` items). */
export interface DeckVersion {
  version: number;
  entry: string;
  fileCount: number;
  sizeBytes: number;
  attachments: { count: number; sizeBytes: number };
  createdBy: string | null;
  createdAt: string;
}

/** `GET /api/v1/presentations/{id}`: the deck with its current version. */
export interface DeckDetail extends Deck {
  currentVersion: DeckVersion | null;
}

/** `POST /api/v1/blobs/precheck`: the blobs this workspace lacks (only those may be uploaded). */
export interface BlobPrecheck {
  missing: string[];
  maxFileSizeMb: number;
}

/** `PUT /api/v1/blobs/{sha256}`: `size` as the server measured it. */
export interface BlobUploaded {
  sha256: string;
  size: number;
}

/** `POST /api/v1/presentations` and `.../versions` (a push); `attachments` only with files under `downloads/`. */
export interface DeckPushed {
  presentation: Deck;
  version: number;
  url: string;
  attachments?: { count: number; sizeBytes: number };
}

/** A file of a version (`GET /api/v1/presentations/{id}/files` items, ordered by path). */
export interface DeckFile {
  path: string;
  sha256: string;
  size: number;
  attachment: boolean;
  /** The file as a workspace file (`GET /api/v1/files/{fileId}`). */
  fileId: string;
  /** The version since which the file is unchanged (same path and sha256): what "newest" means for files. */
  changedIn: { version: number; createdAt: string };
}

/** A view: one load of a link page (`GET /api/v1/presentations/{id}/views` items). */
export interface DeckView {
  id: string;
  linkId: string;
  linkName: string | null;
  version: number;
  source: 'link' | 'embed';
  placement: string | null;
  viewedAt: string;
}

/** The `summary` of `GET /api/v1/presentations/{id}/views`, beside its page. */
export interface ViewSummary {
  views: number;
  lastOpenedAt: string | null;
}

/** The share link a response came through (null when the link is gone). */
export interface LinkRef {
  id: string;
  name: string | null;
}

/** A form response (`GET /api/v1/presentations/{id}/responses` items). */
export interface FormResponse {
  id: string;
  form: string;
  link: LinkRef | null;
  source: string;
  placement: string | null;
  answers: Record<string, unknown>;
  revisions: number;
  createdAt: string;
  editedAt: string | null;
  lastActivityAt: string;
}

/** One row of the `summary` of `GET /api/v1/presentations/{id}/responses`, beside its page. */
export interface ResponseSummaryRow {
  form: string;
  link: LinkRef | null;
  source: string;
  placement: string | null;
  responses: number;
  latestActivityAt: string;
}

/** `GET /api/v1/presentations/{id}/responses/{responseId}`: the response and every kept revision. */
export interface FormResponseDetail extends FormResponse {
  revisionsKept: { revision: number; answers: Record<string, unknown>; link: LinkRef | null; source: string; placement: string | null; writtenAt: string }[];
}
