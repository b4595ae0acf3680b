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
