// The deck tools over streamable HTTP: POST /api/v1/mcp (Model Context Protocol, stateless:
// one server and transport per request, JSON answers, no session). API keys only, the same
// keys and scopes as the REST routes: every tool call becomes the very wire requests a
// client would make, injected into this server's own routes with the caller's
// Authorization and workspace headers, so the allowlist, the scopes and the SQL rules decide
// (a key without presentations:write sees the write tools refused with insufficient_scope).
// publish_deck takes the files in the call (there is no folder on the instance): the same
// path rules, entry rule, per-file cap and dedupe (precheck, then only the missing blobs).
// What the endpoint itself answers speaks JSON-RPC: a body that is not JSON is a parse error
// (-32700), GET and DELETE are 405 with Allow: POST (docs/WIRE.md, "MCP").
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import * as z from 'zod';
import { answer, INSTRUCTIONS, PUBLISH_OPTIONS, registerDeckTools, SERVER_INFO, type DeckWire } from '../../../core/mcp/deck-tools.ts';
import { registerJuryTools } from '../../../core/mcp/jury-tools.ts';
import type { BlobPrecheck, DeckDetail, DeckPushed } from '../../../core/wire/deck.ts';
import { chooseEntry, isAttachment, manifestPathProblem } from '../../../core/wire/deck-paths.ts';
import type { Instance } from '../../../core/wire/identity.ts';
import type { ApiDeps } from '../../deps.ts';

/** A refusal of an injected request, as the tools report it. */
class Refusal extends Error {
  constructor(readonly code: string, message: string, readonly details: Record<string, unknown> = {}) {
    super(message);
  }
}

/** This server's own routes, called with the MCP request's credential and workspace selection. */
class InjectWire implements DeckWire {
  private readonly headers: Record<string, string>;
  constructor(private readonly app: FastifyInstance, req: FastifyRequest) {
    this.headers = { 'user-agent': 'podium-mcp' };
    for (const h of ['authorization', 'podium-workspace', 'podium-organization']) {
      const v = req.headers[h];
      if (typeof v === 'string') this.headers[h] = v;
    }
  }

  async send<T>(method: string, url: string, payload: string | Buffer | undefined, headers: Record<string, string>, anonymous = false): Promise<T> {
    const res = await this.app.inject({ method: method as 'GET', url, payload, headers: anonymous ? { 'user-agent': 'podium-mcp', ...headers } : { ...this.headers, ...headers } });
    let json: any = null;
    try {
      json = res.body ? JSON.parse(res.body) : null;
    } catch {
      /* not JSON */
    }
    if (res.statusCode >= 400) {
      const { code, message, ...details } = json?.error ?? {};
      throw new Refusal(typeof code === 'string' ? code : `http_${res.statusCode}`, typeof message === 'string' ? message : `${method} ${url} answered ${res.statusCode}`, details);
    }
    return json as T;
  }

  request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    return this.send<T>(method, path, body === undefined ? undefined : JSON.stringify(body), body === undefined ? headers : { 'content-type': 'application/json', ...headers });
  }

  /** Discovery is public: keys are not sent to it (it refuses them). */
  discovery(): Promise<Instance> {
    return this.send<Instance>('GET', '/api/v1/instance', undefined, {}, true);
  }

  upload(sha256: string, bytes: Buffer): Promise<unknown> {
    return this.send('PUT', `/api/v1/blobs/${sha256}`, bytes, { 'content-type': 'application/octet-stream' });
  }
}

const FILE = z.object({
  path: z.string().min(1).max(1024).describe('Path inside the deck, with / (e.g. index.html, img/logo.png, downloads/notes.pdf)'),
  content: z.string().max(48 * 1024 * 1024).describe('The file content: text, or base64 with encoding "base64"'),
  encoding: z.enum(['utf8', 'base64']).optional().describe('utf8 (default) or base64'),
});

function registerInlinePublish(server: McpServer, wire: InjectWire): void {
  server.registerTool(
    'publish_deck',
    {
      title: 'Publish a deck',
      description:
        'Publishes the files given as a new version (a new deck, or deckId\'s next version). Paths follow the manifest rules (relative, no dot-prefixed segment, ' +
        'node_modules, package.json or lockfile); the entry is entry, else index.html, else the only .html file; files under downloads/ are attachments; ' +
        'content the workspace already holds is never uploaded again.',
      inputSchema: { files: z.array(FILE).min(1).max(1000), ...PUBLISH_OPTIONS },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (a) =>
      answer(async () => {
        // Every check before any byte is stored: paths, duplicates, content, entry, cap.
        const seen = new Set<string>();
        const files = a.files.map((f, i) => {
          const problem = manifestPathProblem(f.path);
          if (problem) throw new Refusal('invalid_path', `files.${i}.path ${problem}: ${JSON.stringify(f.path)}`, { path: f.path, field: `files.${i}.path` });
          if (seen.has(f.path)) throw new Refusal('invalid_input', `files.${i}.path names ${f.path} twice`, { field: `files.${i}.path` });
          seen.add(f.path);
          if (f.encoding === 'base64' && !/^[A-Za-z0-9+/]*={0,2}$/.test(f.content.replace(/\s/g, ''))) {
            throw new Refusal('invalid_input', `files.${i}.content is not base64`, { field: `files.${i}.content` });
          }
          const bytes = Buffer.from(f.content, f.encoding === 'base64' ? 'base64' : 'utf8');
          return { path: f.path, bytes, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
        });
        const entry = chooseEntry(files.map((f) => f.path), a.entry);
        if (!('entry' in entry)) throw new Refusal(entry.code === 'invalid_entry' ? 'invalid_entry' : 'invalid_input', entry.message.replace('--entry', 'entry'), { field: 'entry' });
        const discovery = await wire.discovery();
        const capMb = discovery.limits?.maxFileSizeMb ?? 100;
        const over = files.find((f) => f.size > capMb * 1024 * 1024);
        if (over) throw new Refusal('payload_too_large', `${over.path} is ${(over.size / 1048576).toFixed(1)} MB, over the per-file cap of ${capMb} MB; nothing was stored`, { maxFileSizeMb: capMb });
        const current = a.deckId ? await wire.request<DeckDetail>('GET', `/api/v1/presentations/${a.deckId}`) : null;
        const manifest = files.map(({ path, sha256, size }) => ({ path, sha256, size }));
        const { missing } = await wire.request<BlobPrecheck>('POST', '/api/v1/blobs/precheck', { files: manifest });
        const wanted = new Set(missing);
        let uploaded = 0;
        for (const f of files) {
          if (!wanted.delete(f.sha256)) continue;
          await wire.upload(f.sha256, f.bytes);
          uploaded++;
        }
        const body: Record<string, unknown> = { entry: entry.entry, files: manifest };
        if (a.title !== undefined) body.title = a.title;
        if (a.kind !== undefined) body.kind = a.kind;
        if (a.interactive) body.interactive = true;
        let pushed: DeckPushed;
        try {
          pushed = current
            ? await wire.request<DeckPushed>('POST', `/api/v1/presentations/${a.deckId}/versions`, { ...body, baseVersion: current.version })
            : await wire.request<DeckPushed>('POST', '/api/v1/presentations', { title: 'Untitled deck', ...body });
        } catch (err) {
          if (err instanceof Refusal && err.code === 'version_conflict') {
            throw new Refusal('version_conflict', `another publish committed version ${err.details.currentVersion ?? 'newer'} of this deck first; nothing was lost: publish again to go on top of it`, err.details);
          }
          throw err;
        }
        const attachments = files.filter((f) => isAttachment(f.path));
        return {
          ...pushed,
          ...(attachments.length ? { attachments: { count: attachments.length, sizeBytes: attachments.reduce((n, f) => n + f.size, 0) } } : {}),
          uploaded,
          unchanged: files.length - uploaded,
        };
      }),
  );
}

/** A JSON-RPC error answer with no request id (the request could not be read), as the MCP SDK shapes them. */
export function jsonRpcError(code: number, message: string) {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}

/** A body that is not JSON (or not UTF-8): JSON-RPC's parse error, not the product's error shape. */
class ParseError extends Error {}

export function registerMcpRoutes(app: FastifyInstance, { config }: ApiDeps): void {
  const keyOnly = { auth: 'key', keyScopes: ['presentations:read', 'presentations:write', 'hackathon:read'] } as const;
  app.register(async (scope) => {
    // The server's strict JSON parser (UTF-8, no __proto__), its failure marked as a JSON-RPC
    // parse error; every other refusal (credentials, hostile input, size) keeps the wire shape.
    const strict = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 * 1024 }, (req, body, done) => {
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(body as Buffer);
      } catch {
        return done(new ParseError('Parse error: the body is not UTF-8 text'), undefined);
      }
      strict(req, text, (err, parsed) => (err ? done(new ParseError('Parse error: the body is not JSON'), undefined) : done(null, parsed)));
    });
    const wireErrors = scope.errorHandler;
    scope.setErrorHandler((err, req, reply) => {
      if (err instanceof ParseError) return reply.status(400).send(jsonRpcError(-32700, err.message));
      if ((err as { code?: string }).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        return reply.status(415).send(jsonRpcError(-32000, 'Unsupported Media Type: Content-Type must be application/json'));
      }
      return wireErrors.call(scope, err, req, reply);
    });

    // Up to ~48 MB of files in one call (base64 grows them by a third).
    scope.post('/api/v1/mcp', { config: keyOnly, bodyLimit: 64 * 1024 * 1024 }, async (req, reply) => {
      const wire = new InjectWire(app, req);
      const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
      registerDeckTools(server, wire);
      registerInlinePublish(server, wire);
      registerJuryTools(server, wire); // read-only jury_progress (hackathon keys of organizers)
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      try {
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
        const res = await transport.handleRequest(new Request(new URL(req.url, config.publicUrl), { method: 'POST', headers }), { parsedBody: req.body });
        reply.status(res.status);
        res.headers.forEach((v, k) => void reply.header(k, v));
        return reply.send(await res.text());
      } finally {
        await server.close();
      }
    });
    // Stateless (Streamable HTTP without sessions): no server-sent event stream to open (GET)
    // and no session to end (DELETE), so both answer 405 as the MCP spec allows, with Allow.
    const notHere = async (_req: FastifyRequest, reply: FastifyReply) =>
      reply.status(405).header('allow', 'POST').send(jsonRpcError(-32000, 'Method not allowed: this MCP endpoint is stateless (no event stream, no session); POST JSON-RPC messages to it'));
    scope.get('/api/v1/mcp', { config: keyOnly }, notHere);
    scope.delete('/api/v1/mcp', { config: keyOnly }, notHere);
  });
}
