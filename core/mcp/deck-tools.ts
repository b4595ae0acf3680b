// The agent tool interface of the deck service (Model Context Protocol), shared by its two
// transports: `deckcli mcp` (stdio, on the person's machine, talking to the instance with
// the profile's key) and `POST /api/v1/mcp` (streamable HTTP on the instance, the request's
// own key). Both reach decks through the same wire contract (`DeckWire`): the stdio side
// over HTTP, the server side by injecting the very requests into its own routes, so the
// key allowlist, scopes and SQL rules decide exactly as for any client.
//
// Tool names hold no brand (the spec's rule). Every answer that concerns a deck carries
// `url` (the deck's page) next to `presentation` and `version`. Refusals are tool errors
// (`isError`) whose text is the wire sentence with its code, and whose structured content
// is the wire error `{ error: { code, message, ...details } }`. Only `publish_deck` differs
// by transport (a folder on this machine, or the files in the call): each registers its own.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import type { Deck, DeckDetail, DeckPushed, DeckView, FormResponse, ResponseSummaryRow, ShareLinkMinted, ViewSummary } from '../wire/deck.ts';

/** The requests the tools make; answers typed by the caller, refusals thrown as `{ code, message, details? }`. */
export interface DeckWire {
  request<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
}

/** A refusal as the tools report it. */
export interface ToolRefusal {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export const SERVER_INFO = { name: 'decks', version: '0.1.0' } as const;

export const INSTRUCTIONS =
  'Publish static decks (HTML presentations, apps, plans) and manage them: publish_deck commits a new version ' +
  '(unchanged files are never uploaded again), list_decks, show_deck, rename_deck, delete_deck (soft delete: every share link stops), ' +
  'share_deck mints a share link (the only place its secret appears), list_views and list_responses. Every deck answer carries ' +
  'url (the deck page), presentation and version.';

const DECK_ID = z.string().uuid().describe('The deck id (a uuid, as list_decks answers it)');
const LIMIT = z.number().int().min(1).max(100).optional().describe('Page size, 1 to 100');
const CURSOR = z.string().min(1).max(200).optional().describe('nextCursor of the previous page');

export function ok(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], structuredContent: value as Record<string, unknown> };
}

export function refusal(err: unknown): CallToolResult {
  const e = err as Partial<ToolRefusal> & { details?: Record<string, unknown> };
  if (!e || typeof e.message !== 'string') throw err;
  const code = typeof e.code === 'string' && e.code ? e.code : 'error';
  const details = e.details && typeof e.details === 'object' ? e.details : {};
  return {
    content: [{ type: 'text', text: `${e.message}${e.message.includes(code) ? '' : ` (${code})`}` }],
    structuredContent: { error: { code, message: e.message, ...details } },
    isError: true,
  };
}

/** Runs a tool body: its answer, or its refusal as a tool error. */
export async function answer(fn: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return ok(await fn());
  } catch (err) {
    return refusal(err);
  }
}

/** `{ presentation, version, url }` for a deck as the wire answers it. */
export function aboutDeck<D extends Deck>(d: D): { presentation: D; version: number; url: string } {
  return { presentation: d, version: d.version, url: d.url };
}

const id = (deckId: string) => `/api/v1/presentations/${encodeURIComponent(deckId)}`;

/** Every tool but publish_deck. */
export function registerDeckTools(server: McpServer, wire: DeckWire): void {
  server.registerTool(
    'list_decks',
    {
      title: 'List decks',
      description: 'Decks you own or were invited to (every deck of the workspace for its owners and admins), newest first, one page.',
      inputSchema: { limit: LIMIT, cursor: CURSOR },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (a) =>
      answer(async () => {
        const q = new URLSearchParams();
        if (a.limit !== undefined) q.set('limit', String(a.limit));
        if (a.cursor !== undefined) q.set('cursor', a.cursor);
        const page = await wire.request<{ items: Deck[]; nextCursor: string | null }>('GET', `/api/v1/presentations${q.size ? `?${q}` : ''}`);
        return { items: page.items.map(aboutDeck), nextCursor: page.nextCursor };
      }),
  );

  server.registerTool(
    'show_deck',
    {
      title: 'Show a deck',
      description: 'One deck with its current version (entry, file count, size, attachments).',
      inputSchema: { deckId: DECK_ID },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (a) => answer(async () => aboutDeck(await wire.request<DeckDetail>('GET', id(a.deckId)))),
  );

  server.registerTool(
    'rename_deck',
    {
      title: 'Update a presentation\'s title',
      description: 'Renames a deck without pushing: its id, versions and links stay. Owner or workspace admin.',
      inputSchema: { deckId: DECK_ID, title: z.string().min(1).max(200).describe('The new title') },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (a) => answer(async () => {
      const r = await wire.request<DeckPushed>('PATCH', id(a.deckId), { title: a.title });
      return { presentation: r.presentation, version: r.version, url: r.url };
    }),
  );

  server.registerTool(
    'delete_deck',
    {
      title: 'Delete a deck',
      description: 'Deletes a deck (soft: the record is kept, nothing resolves): every share link of the deck stops working. Owner or workspace admin.',
      inputSchema: { deckId: DECK_ID },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    },
    (a) => answer(async () => {
      const d = await wire.request<DeckDetail>('GET', id(a.deckId));
      const r = await wire.request<{ deleted: true; presentation: { id: string; deletedAt: string } }>('DELETE', id(a.deckId));
      return { deleted: true, presentation: { ...d, deletedAt: r.presentation.deletedAt }, version: d.version, url: d.url };
    }),
  );

  server.registerTool(
    'share_deck',
    {
      title: 'Mint a share link',
      description: 'Mints a share link of a deck; its URL (the secret) appears only in this answer. Follows the latest version unless pinned.',
      inputSchema: {
        deckId: DECK_ID,
        name: z.string().min(1).max(100).optional().describe('A name for the link'),
        version: z.number().int().min(1).optional().describe('Pin the link to this version'),
        expiresInMinutes: z.number().int().min(1).max(3650 * 1440).optional().describe('Lifetime in minutes'),
        showBar: z.boolean().optional().describe('Show the bar (default true)'),
        canDownload: z.boolean().optional().describe('Offer attachments (default true)'),
        formsEnabled: z.boolean().optional().describe('Accept form submissions (default true)'),
        placement: z.string().min(1).max(100).optional().describe('An analytics label baked into the embed snippets'),
        password: z.string().min(1).max(1000).optional().describe('A password visitors must enter'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (a) => answer(async () => {
      const { deckId, ...body } = a;
      const share = await wire.request<ShareLinkMinted>('POST', `${id(deckId)}/share-links`, {
        ...body, showBar: body.showBar ?? true, canDownload: body.canDownload ?? true, formsEnabled: body.formsEnabled ?? true,
      });
      const d = await wire.request<DeckDetail>('GET', id(deckId));
      return { ...aboutDeck(d), share };
    }),
  );

  server.registerTool(
    'list_views',
    {
      title: 'List views',
      description: 'View statistics of a deck (entry loads, de-duplicated per browser) and the views, newest first, one page.',
      inputSchema: { deckId: DECK_ID, limit: LIMIT, cursor: CURSOR },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (a) => answer(async () => {
      const q = new URLSearchParams();
      if (a.limit !== undefined) q.set('limit', String(a.limit));
      if (a.cursor !== undefined) q.set('cursor', a.cursor);
      const views = await wire.request<{ items: DeckView[]; summary: ViewSummary; nextCursor: string | null }>('GET', `${id(a.deckId)}/views${q.size ? `?${q}` : ''}`);
      return { ...aboutDeck(await wire.request<DeckDetail>('GET', id(a.deckId))), views };
    }),
  );

  server.registerTool(
    'list_responses',
    {
      title: 'List form responses',
      description: 'Form responses of a deck: a summary (form x link x source x placement) and the most recent rows, one page, with filters.',
      inputSchema: {
        deckId: DECK_ID,
        form: z.string().min(1).max(200).optional(),
        link: z.string().min(1).max(200).optional().describe('A token id or link name (never a share URL)'),
        source: z.enum(['link', 'embed']).optional(),
        placement: z.string().min(1).max(100).optional(),
        since: z.string().datetime({ offset: true }).optional().describe('ISO instant: responses created or edited at or after it'),
        limit: LIMIT,
        cursor: CURSOR,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (a) => answer(async () => {
      const { deckId, ...filters } = a;
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(filters)) if (v !== undefined) q.set(k, String(v));
      const responses = await wire.request<{ items: FormResponse[]; summary?: ResponseSummaryRow[]; nextCursor: string | null }>('GET', `${id(deckId)}/responses${q.size ? `?${q}` : ''}`);
      return { ...aboutDeck(await wire.request<DeckDetail>('GET', id(deckId))), responses };
    }),
  );
}

/** The optional fields of publish_deck both transports take. */
export const PUBLISH_OPTIONS = {
  title: z.string().min(1).max(200).optional().describe('The deck title (a new deck: the folder name by default)'),
  entry: z.string().min(1).max(1024).optional().describe('The entry file, relative to the deck root (default index.html, else the only .html file)'),
  kind: z.enum(['presentation', 'app', 'plan']).optional(),
  interactive: z.boolean().optional(),
  deckId: DECK_ID.optional().describe('Publish a new version of this deck'),
};
