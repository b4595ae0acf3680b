// Workspace files (docs/WIRE.md, "Workspace files"): `GET /api/v1/files/:id`.

export type WorkspaceFileKind = 'submission_archive' | 'deck_export' | 'deck_file';

export interface WorkspaceFile {
  id: string;
  kind: WorkspaceFileKind;
  /** A plain file name (no separator, not dot-prefixed); clients still check it. */
  name: string;
  sha256: string;
  size: number;
  createdAt: string;
  workspaceId: string;
  source: { projectId: string } | { deckId: string; version: number; path: string | null };
}
