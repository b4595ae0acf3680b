// What the chats, feed and requests verbs share: id and text checks made before any request,
// and how a post prints (feed list, chats read, chats replies, feed show).
import { readFileSync } from 'node:fs';
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { Context } from '../../context.ts';
import type { Post, RequestActivity } from '../../../../core/wire/chats.ts';
import { resolveName } from '../../names.ts';
import { UUID_RE as UUID } from '../../../../core/ids.ts';

// Control characters other than newline and tab (C0, DEL, C1): the server refuses them too.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const CONTROL_ANY = /[\u0000-\u001f\u007f-\u009f]/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A malformed id is a usage error before any request (the spec's words for `--thread`; every id alike). */
export function id(value: string | undefined, what: string): string {
  if (value === undefined || value === '') throw new CliError(`${what} is required`, EXIT.usage, 'usage');
  if (!UUID.test(value)) throw new CliError(`${what} must be an id like 0b6f2a9e-…, got ${JSON.stringify(value)}`, EXIT.usage, 'usage');
  return value.toLowerCase();
}

/** Exactly one positional id (`<channelId>`, `<postId>`, `<id>`). */
export function oneId(args: string[], what: string, usage: string): string {
  if (args.length > 1) throw new CliError(`${usage}: name one ${what}`, EXIT.usage, 'usage');
  return id(args[0], what);
}

/**
 * `<channel>`: a channel id as is, or a name (case-insensitive) looked up once in the channels
 * the caller reads: `general`, a team chat by its team's name, a request thread by its name.
 * Unknown or ambiguous: exit 2 listing the channels. Run after every other check of the command.
 */
export async function channelArg(ctx: Context, value: string | undefined): Promise<string> {
  if (value === undefined || value.trim() === '') throw new CliError('name the channel (its id or name, as chats list prints them)', EXIT.usage, 'usage');
  return resolveName(value, 'channel', async () => {
    const list = await (await ctx.client()).call('GET /api/v1/event/chats');
    return list.items.map((c) => ({
      id: c.id,
      names: [c.name, ...(c.kind === 'general' ? ['general'] : []), ...(c.kind === 'team' && c.team ? [c.team.name] : [])],
      label: `${c.kind} ${c.name}`,
    }));
  });
}

const chars = (s: string) => [...s].length;

/** Plain text of 1 to `max` characters; newlines and tabs only when `multiline`. Refused before any request (exit 2). */
export function text(value: string, what: string, max: number, multiline: boolean): string {
  if (value.trim() === '') throw new CliError(`${what} is empty: write 1 to ${max} characters`, EXIT.rejected, 'invalid_input');
  if (chars(value) > max) throw new CliError(`${what} is ${chars(value)} characters; at most ${max}`, EXIT.rejected, 'invalid_input');
  if ((multiline ? CONTROL : CONTROL_ANY).test(value)) {
    throw new CliError(`${what} holds a control character${multiline ? '; only newlines and tabs are kept' : ' (it is one line)'}`, EXIT.rejected, 'invalid_input');
  }
  return value;
}

/** The body of `chats post` / `feed post`: exactly one of words or `--file` (a UTF-8 file; CRLF read as LF, one final newline dropped). */
export function postBody(words: string[], file: string | undefined): string {
  if ((words.length > 0) === (file !== undefined)) throw new CliError('pass exactly one of the words of the post or --file <path>', EXIT.rejected, 'invalid_input');
  if (file === undefined) return text(words.join(' '), 'the post', 4000, true);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new CliError(`cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, EXIT.rejected, 'invalid_input');
  }
  let body: string;
  try {
    body = UTF8.decode(bytes);
  } catch {
    throw new CliError(`${file} is not UTF-8 text`, EXIT.rejected, 'invalid_input');
  }
  return text(body.replace(/\r\n/g, '\n').replace(/\n$/, ''), file, 4000, true);
}

/** The one-line summary of a platform item (`[request]`, `[push]`, `[pull request]`). */
function activityLine(p: Post): string {
  if (p.kind === 'request') {
    const a = p.activity as RequestActivity;
    const state = a.claimedBy ? `${a.status}, claimed by ${a.claimedBy.name}` : a.status;
    return `[request] ${a.title} (${state}); thread: hackathon chats read ${a.threadChannelId}`;
  }
  return `${p.kind === 'pull_request' ? '[pull request]' : '[push]'} ${p.body}`;
}

/** One post as `feed list` prints it: the line (ISO time, author, tags, id), then the body indented two spaces. */
export function postLines(p: Post): string[] {
  if (p.kind !== 'post') return [`${p.at} ${activityLine(p)} (${p.id})`];
  const tags = [
    p.role === 'organizer' || p.role === 'advisor' ? `[${p.role}]` : null,
    p.pinned ? '[pinned]' : null,
    p.hidden ? `[hidden: ${p.hiddenReason ?? ''}]` : null,
  ].filter(Boolean);
  return [[p.at, p.author?.name ?? '(erased account)', ...tags, `(${p.id})`].join(' '), ...p.body.split('\n').map((l) => `  ${l}`)];
}

export function printPosts(ctx: Context, posts: Post[], withReplies: boolean): void {
  for (const p of posts) {
    for (const line of postLines(p)) ctx.out(line);
    if (withReplies && p.replyCount > 0) {
      ctx.out(`  ${p.replyCount} ${p.replyCount === 1 ? 'reply' : 'replies'}: hackathon chats replies ${p.channelId} ${p.id}`);
    }
  }
}
