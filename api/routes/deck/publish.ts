// Publishing: precheck (which blobs the workspace lacks), upload of exactly those
// (streamed, hashed, verified, then made visible), commit of a manifest on an expected
// base version. An unchanged file is never uploaded again.
//   POST /api/v1/blobs/precheck              { files: [{ sha256, size, path? }] } -> { missing, maxFileSizeMb }
//   PUT  /api/v1/blobs/:sha256               application/octet-stream            -> 201 { sha256, size }
//   POST /api/v1/presentations               manifest                            -> 201 push answer (new deck)
//   POST /api/v1/presentations/:id/versions  manifest + baseVersion              -> 201 push answer
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { BlobError, type BlobStore } from '../../../core/storage/index.ts';
import { manifestPathProblem } from '../../../core/wire/deck-paths.ts';
import { AppError } from '../../errors.ts';
import type { ApiDeps } from '../../deps.ts';
import { callJson, idempotent } from '../support.ts';
import { SAFE_INT_MAX } from '../../input-guard.ts';
import { deckId, pushAnswer, SHA256_SCHEMA, TITLE_SCHEMA } from './shape.ts';

const MAX_FILES = 20_000;
// A byte count (an int8 column): any exact JSON integer, then the per-file cap answers 413.
const SIZE_SCHEMA = { type: 'integer', minimum: 0, maximum: SAFE_INT_MAX } as const;
const MANIFEST_BODY_LIMIT = 16 * 1024 * 1024;

interface ManifestFile {
  path: string;
  sha256: string;
  size: number;
}

interface Manifest {
  title?: string;
  kind?: 'presentation' | 'app' | 'plan';
  interactive?: boolean;
  metadata?: Record<string, unknown>;
  entry: string;
  files: ManifestFile[];
  baseVersion?: number;
}

const manifestSchema = (withBase: boolean) => ({
  type: 'object',
  required: withBase ? ['entry', 'files', 'baseVersion'] : ['entry', 'files'],
  additionalProperties: false,
  properties: {
    title: TITLE_SCHEMA,
    kind: { type: 'string', enum: ['presentation', 'app', 'plan'] },
    interactive: { type: 'boolean' },
    metadata: { type: 'object' },
    entry: { type: 'string', minLength: 1, maxLength: 1024 },
    files: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_FILES,
      items: {
        type: 'object',
        required: ['path', 'sha256', 'size'],
        additionalProperties: false,
        properties: { path: { type: 'string', minLength: 1, maxLength: 1024 }, sha256: SHA256_SCHEMA, size: SIZE_SCHEMA },
      },
    },
    ...(withBase ? { baseVersion: { type: 'integer', minimum: 0 } } : {}),
  },
});

export function registerPublishRoutes(app: FastifyInstance, { config, pool }: ApiDeps, store: BlobStore): void {
  const capBytes = config.maxFileSizeMb * 1024 * 1024;
  const overCap = (what: string, size: number, extra: Record<string, unknown> = {}) =>
    new AppError('payload_too_large', `${what} is ${size} bytes, over the per-file cap of ${config.maxFileSizeMb} MB`, { ...extra, size, maxFileSizeMb: config.maxFileSizeMb });

  app.post<{ Body: { files: { sha256: string; size: number; path?: string }[] } }>(
    '/api/v1/blobs/precheck',
    {
      config: { keyScopes: ['presentations:write'] },
      bodyLimit: MANIFEST_BODY_LIMIT,
      schema: {
        body: {
          type: 'object',
          required: ['files'],
          additionalProperties: false,
          properties: {
            files: {
              type: 'array',
              maxItems: MAX_FILES,
              items: {
                type: 'object',
                required: ['sha256', 'size'],
                additionalProperties: false,
                properties: { sha256: SHA256_SCHEMA, size: SIZE_SCHEMA, path: { type: 'string', maxLength: 1024 } },
              },
            },
          },
        },
      },
    },
    async (req) => {
      const over = req.body.files.find((f) => f.size > capBytes);
      if (over) throw overCap(over.path ?? over.sha256, over.size, { sha256: over.sha256, path: over.path ?? null });
      const files = req.body.files.map(({ sha256, size }) => ({ sha256, size }));
      const r = await callJson<{ missing: string[] }>(req, pool, 'app.precheck_blobs($1::jsonb)', [JSON.stringify(files)]);
      return { missing: r.missing, maxFileSizeMb: config.maxFileSizeMb };
    },
  );

  // The upload takes the raw request stream: only this route parses octet-stream, and it
  // never buffers a file in memory.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
    scope.put<{ Params: { sha256: string } }>('/api/v1/blobs/:sha256', { config: { keyScopes: ['presentations:write'] } }, async (req, reply) => {
      const sha = req.params.sha256;
      if (!/^[0-9a-f]{64}$/.test(sha)) throw new AppError('invalid_input', 'The blob id is its sha256 in lowercase hex', { field: 'sha256' });
      if (!req.body || typeof (req.body as Readable).pipe !== 'function') {
        throw new AppError('invalid_input', 'Send the bytes as Content-Type: application/octet-stream', { field: 'body' }, 415);
      }
      const length = req.headers['content-length'] === undefined ? null : Number(req.headers['content-length']);
      if (length !== null && length > capBytes) throw overCap('This upload', length);
      const expected = Number(await callJson(req, pool, 'app.expected_upload($1)', [sha]));
      if (expected > capBytes) throw overCap('This blob', expected);
      if (length !== null && length !== expected) {
        throw new AppError('blob_mismatch', `The precheck declared ${expected} bytes; this upload sends ${length}`, { sha256: sha, expectedSize: expected, size: length });
      }
      let measured: number;
      try {
        measured = await store.put(sha, expected, req.body as Readable);
      } catch (err) {
        if (err instanceof BlobError) throw new AppError(err.code, err.message, err.details);
        throw err;
      }
      // Only this route knows the bytes were verified and how many there were: the record is
      // private (not on GraphQL) and takes the size the driver measured.
      const r = await callJson(req, pool, 'app_private.blob_uploaded($1, $2)', [sha, measured]);
      return reply.status(201).send(r);
    });
  });

  const commit = async (req: FastifyRequest<{ Body: Manifest }>, deck: string | null) => {
    const m = req.body;
    m.files.forEach((f, i) => {
      const problem = manifestPathProblem(f.path);
      if (problem) throw new AppError('invalid_path', `Manifest path ${JSON.stringify(f.path)} ${problem}`, { field: `files.${i}.path`, path: f.path });
      if (f.size > capBytes) throw overCap(f.path, f.size, { path: f.path });
    });
    const entryProblem = manifestPathProblem(m.entry);
    if (entryProblem) throw new AppError('invalid_path', `The entry ${JSON.stringify(m.entry)} ${entryProblem}`, { field: 'entry', path: m.entry });
    const { baseVersion, ...manifest } = m;
    return idempotent(req, pool, async (c) => {
      const { rows } = await c.query('select app.commit_deck_version($1, $2, $3::jsonb) as r', [deck, baseVersion ?? null, JSON.stringify(manifest)]);
      return { status: 201, body: pushAnswer(config.publicUrl, rows[0].r) };
    });
  };

  app.post<{ Body: Manifest }>('/api/v1/presentations', { config: { keyScopes: ['presentations:write'] }, bodyLimit: MANIFEST_BODY_LIMIT, schema: { body: manifestSchema(false) } }, async (req, reply) => {
    const r = await commit(req, null);
    return reply.status(r.status).send(r.body);
  });

  app.post<{ Body: Manifest; Params: { id: string } }>(
    '/api/v1/presentations/:id/versions',
    { config: { keyScopes: ['presentations:write'] }, bodyLimit: MANIFEST_BODY_LIMIT, schema: { body: manifestSchema(true) } },
    async (req, reply) => {
      const r = await commit(req, deckId(req.params.id));
      return reply.status(r.status).send(r.body);
    },
  );
}
