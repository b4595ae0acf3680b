// `deckcli mcp`: the agent tool interface over stdio, started by a coding agent with the
// person's profile. The tools are core/mcp/deck-tools.ts over this profile's wire client;
// publish_deck publishes a folder on this machine by push's rules (files, ignore rules,
// entry, cap, dedupe, link file), and only a folder inside the root the server was started
// for (`--root`, default the working directory): a path outside it is refused.
// Loaded only by `deckcli mcp` (a chunk of its own in the bundle): the SDK costs nothing to
// the other commands.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import * as z from 'zod';
import { INSTRUCTIONS, PUBLISH_OPTIONS, answer, registerDeckTools, SERVER_INFO } from '../../../core/mcp/deck-tools.ts';
import { CliError, EXIT } from '../../lib/errors.ts';
import type { Context } from '../context.ts';
import { linkBaseUrl, readLink, writeLink } from '../link-file.ts';
import { attachmentsOf, collectFiles } from '../publish/files.ts';
import { publishDeck } from '../publish/publish.ts';

/** `target` resolved inside `root` (both through realpath, so a symlink cannot lead out), else a refusal. */
export function inside(root: string, target: string): string {
  const abs = path.resolve(root, target);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    throw new CliError(`${target} does not exist`, EXIT.rejected, 'not_found');
  }
  const rel = path.relative(root, real);
  if (rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel)) {
    throw new CliError(`${target} is outside the folder this server publishes from (${root}); start deckcli mcp with --root to allow another`, EXIT.rejected, 'path_outside_root');
  }
  return real;
}

export async function serveStdio(ctx: Context, rootArg: string | undefined): Promise<void> {
  const root = realpathSync(path.resolve(rootArg ?? '.'));
  const client = await ctx.client(); // no key: refused now, not at the first tool call
  const anon = await ctx.client({ auth: false });
  const url = ctx.instance().url;
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
  registerDeckTools(server, client);
  server.registerTool(
    'publish_deck',
    {
      title: 'Publish a deck folder',
      description:
        'Publishes a folder (or one .html file) of this machine as a new version, by push\'s rules: dot-prefixed files, node_modules, package.json and lockfiles ' +
        'are skipped, .deckcliignore applies, symbolic links are never followed, unchanged files are never uploaded again. The folder\'s .deckcli.json names its ' +
        'deck (written on its first publish); deckId targets another deck, new: true makes a new one.',
      inputSchema: {
        path: z.string().min(1).max(4096).describe(`A folder or .html file, relative to ${root} or absolute inside it`),
        new: z.boolean().optional().describe('Publish as a new deck even if the folder is linked to one'),
        ...PUBLISH_OPTIONS,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (a) =>
      answer(async () => {
        if (a.deckId && a.new) throw new CliError('deckId and new conflict', EXIT.usage, 'invalid_input');
        const deck = collectFiles(inside(root, a.path));
        const existing = deck.singleFile ? null : readLink(deck.root);
        const link = a.new ? null : existing;
        if (link && !a.deckId && linkBaseUrl(link, deck.root) !== url) {
          throw new CliError(`${path.join(deck.root, '.deckcli.json')} links this folder to ${linkBaseUrl(link, deck.root)}, but this server publishes to ${url}; nothing was sent (pass new: true to publish it here as a new deck)`, EXIT.rejected, 'instance_mismatch');
        }
        const r = await publishDeck({ client, anon, env: ctx.io.env }, deck, { title: a.title, entry: a.entry, kind: a.kind, interactive: a.interactive, deckId: a.deckId ?? link?.presentationId ?? null });
        if (!deck.singleFile && (!existing || a.new || existing.presentationId !== r.answer.presentation.id)) {
          writeLink(deck.root, { presentationId: r.answer.presentation.id, baseUrl: url });
        }
        const att = attachmentsOf(deck);
        return { ...r.answer, ...(att.count ? { attachments: att } : {}), uploaded: r.uploaded, unchanged: r.files - r.uploaded, skippedSymlinks: deck.symlinksSkipped };
      }),
  );
  const transport = new StdioServerTransport(ctx.io.stdin as NodeJS.ReadStream, ctx.io.stdout as unknown as NodeJS.WriteStream);
  const ended = new Promise<void>((resolve) => {
    ctx.io.stdin.once('end', resolve);
    ctx.io.stdin.once('close', resolve);
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  ctx.err(`deckcli mcp: serving the deck tools of ${url} over stdio (publishing from ${root})`);
  await ended;
  await server.close();
}
