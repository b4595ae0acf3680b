// What the event pages (/event...) share: who is looking (a session; no session is a sign-in
// redirect), one transaction as the caller where every section is one SQL call of the same
// functions the REST routes call, a section refused by SQL rendered as its sentence (or left
// out when the role may not see it at all), the event navigation, posts, the countdown, and
// form posts (Origin checked, then 303 back to the page).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Fragment, type ReactNode } from 'react';
import type { Post } from '../../../core/wire/chats.ts';
import { deadlineAhead, type DeadlineKey, type EventStatus } from '../../../core/wire/event.ts';
import { sameOrigin } from '../../auth/caller.ts';
import type { Identity } from '../../auth/caller.ts';
import { toAppError, type AppError } from '../../errors.ts';
import { asCaller } from '../../routes/support.ts';
import type { ApiDeps } from '../../deps.ts';
import { appPage, HeaderRow, problemPage } from '../components/layout.tsx';
import { pageIdentity, safeNext, toSignin, whoIs } from '../components/session.ts';
import { EVENT_JS_PATH } from './event-js.ts';
import { UUID_RE } from '../../../core/ids.ts';

export type Section<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** One SQL call as the caller, inside a savepoint: a refusal answers the error, the transaction goes on. */
export class Reader {
  private n = 0;
  constructor(private readonly c: pg.PoolClient) {}

  async try<T = unknown>(call: string, params: unknown[] = []): Promise<Section<T>> {
    const sp = `s${++this.n}`;
    await this.c.query(`savepoint ${sp}`);
    try {
      const { rows } = await this.c.query(`select ${call} as r`, params);
      await this.c.query(`release savepoint ${sp}`);
      return { ok: true, value: rows[0].r as T };
    } catch (err) {
      const e = toAppError(err);
      if (e.status >= 500) throw err;
      await this.c.query(`rollback to savepoint ${sp}`);
      return { ok: false, error: e };
    }
  }

  /** The call must answer: a refusal ends the page (as its own status and sentence). No savepoint: nothing runs after it fails. */
  async must<T = unknown>(call: string, params: unknown[] = []): Promise<T> {
    return (await this.c.query(`select ${call} as r`, params)).rows[0].r as T;
  }
}

export type { EventStatus };

export interface PageContext {
  req: FastifyRequest;
  identity: Identity;
  read: Reader;
  status: EventStatus;
}

/** A refusal of a whole page, in words, with the event's links. */
export function eventProblem(reply: FastifyReply, err: unknown, identity: Identity | null): FastifyReply {
  const e = toAppError(err);
  if (e.status >= 500) throw err;
  const heading = e.status === 404 ? 'Not found' : e.status === 403 ? 'Not allowed' : e.status === 429 ? 'Too many requests' : 'Something is off';
  return problemPage(reply, e.status, heading, e.message, identity ? whoIs(identity) : null);
}

/**
 * Renders an event page: the session (else the sign-in redirect), then one transaction as the
 * caller starting with app.event_status() (event_not_configured, not_on_roster: the page's
 * refusal), then the page's own sections.
 */
export function eventPage<Q = unknown, P = unknown>(
  deps: ApiDeps,
  title: (ctx: PageContext) => string,
  body: (ctx: PageContext, query: Q, params: P) => Promise<ReactNode>,
) {
  return async (req: FastifyRequest<{ Querystring: Q; Params: P }>, reply: FastifyReply) => {
    const identity = await pageIdentity(req, deps);
    if (!identity) return toSignin(req, reply);
    try {
      const { heading, body: content } = await asCaller(req, deps.pool, async (c) => {
        const read = new Reader(c);
        const status = await read.must<EventStatus>('app.event_status()');
        const ctx = { req, identity, read, status };
        return { body: await body(ctx, req.query as Q, req.params as P), heading: title(ctx) };
      });
      return appPage(reply, heading, content, { signedInAs: whoIs(identity), script: EVENT_JS_PATH, description: EVENT_DESCRIPTION });
    } catch (err) {
      return eventProblem(reply, err, identity);
    }
  };
}

/** The event's own navigation (links only to what the role may open). */
export function eventNav(status: EventStatus, here: string): ReactNode {
  const links: [string, string][] = [['/event', 'Event']];
  if (status.role === 'participant' && status.team) links.push(['/event/team', 'My team']);
  if (status.role !== 'jury') links.push(['/event/feed', 'Feed'], ['/event/requests', status.role === 'participant' ? 'Help requests' : 'Request queue']);
  links.push(['/event/gallery', 'Gallery']);
  // The Vote page is hidden while the vote section is off (SQL answers vote_off there anyway).
  if (status.voteSection === 'on' && status.role !== 'jury') links.push(['/event/vote', 'Vote']);
  if (status.role === 'organizer') links.push(['/event/admin', 'Organize']);
  links.push(['/decks/keys', 'API keys']);
  return <SubNav label="Event" links={links} here={here} />;
}

/** A row of links, the current page marked. */
export function SubNav({ label, links, here }: { label: string; links: [string, string][]; here: string }): ReactNode {
  return (
    <nav className="subnav" aria-label={label}>
      {links.map(([href, text]) => <a href={href} aria-current={href === here ? 'page' : undefined} key={href}>{text}</a>)}
    </nav>
  );
}

export function when(iso: string | null | undefined): ReactNode {
  if (!iso) return '—';
  return <time dateTime={iso}>{iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z').replace(/:\d\dZ$/, ' UTC')}</time>;
}

/** An instant in UTC and, beside it, in the event's own time zone (the one people plan by). */
export function whenZoned(iso: string | null | undefined, timezone: string): ReactNode {
  if (!iso) return '—';
  let local: ReactNode = null;
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .formatToParts(new Date(iso)).map((p) => [p.type, p.value]),
    );
    local = <> <span className="muted">{`(${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${timezone})`}</span></>;
  } catch {
    /* an unknown zone: UTC only */
  }
  return <>{when(iso)}{local}</>;
}

/** The phase as words: grace is the time after the build end when pushes still count, until the freeze. */
/**
 * The build's phase as words. `closed` is the build's end, not the event's: the vote may be
 * on, so it reads `build closed` (as the TUI's phase line says it).
 */
export function phaseWords(phase: string): string {
  return phase === 'grace' ? 'grace (pushes still accepted until the freeze)' : phase === 'closed' ? 'build closed' : phase;
}

/** Whole seconds as "2 h 05 min 09 s" (days when longer). The browser counts on from the same number. */
export function duration(ms: number): string {
  let s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86400);
  s -= d * 86400;
  const h = Math.floor(s / 3600);
  s -= h * 3600;
  const m = Math.floor(s / 60);
  s -= m * 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return d > 0 ? `${d} d ${h} h ${two(m)} min` : h > 0 ? `${h} h ${two(m)} min ${two(s)} s` : `${m} min ${two(s)} s`;
}

const DEADLINES: [DeadlineKey, string][] = [
  ['startsAt', 'Building starts'],
  ['buildEndsAt', 'Build ends'],
  ['freezeAt', 'Submissions freeze'],
  ['voteOpensAt', 'Vote opens'],
  ['voteClosesAt', 'Vote closes'],
];

/**
 * The next deadline after the SERVER's time, as the offset from it: the page shows the
 * server's now and the deadline, and the script counts the offset down from page load
 * (performance.now), never reading the browser's clock.
 */
export function countdown(status: EventStatus): ReactNode {
  const now = Date.parse(status.serverTime);
  const next = DEADLINES.filter(([k]) => deadlineAhead(status, k, now)).map(([k, label]) => ({ label, at: status[k] }))[0];
  if (!next) return <p>No deadline ahead. Server time {when(status.serverTime)}.</p>;
  const left = Date.parse(next.at) - now;
  return (
    <p className="countdown">
      <strong>{next.label}</strong> at {when(next.at)}: <span data-countdown={left} role="timer" aria-live="off">{duration(left)}</span> left{' '}
      <span className="muted">(server time {when(status.serverTime)})</span>
    </p>
  );
}

export type { Post };

/** What a post's buttons need: the reader's role, the page to come back to, whether it is a thread root of a channel page. */
export interface PostActions {
  role: string;
  back: string;
  threads: boolean;
}

function PostButton({ action, back, label, extra }: { action: string; back: string; label: string; extra?: ReactNode }): ReactNode {
  return <form method="post" action={action} className="inline"><input type="hidden" name="back" value={back} />{extra}<button type="submit" className="link">{label}</button></form>;
}

/** Reply, react, and for organizers pin, unpin, hide with a reason, restore: each a form post (SQL decides). */
function Actions({ p, a }: { p: Post; a: PostActions }): ReactNode {
  if (p.kind !== 'post') return null;
  const base = `/event/posts/${p.id}`;
  const out: ReactNode[] = [];
  if (!p.hidden) out.push(<PostButton action={`${base}/react`} back={a.back} label="Thumbs up" extra={<input type="hidden" name="emoji" value="👍" />} />);
  if (a.threads && !p.threadId) out.push(<a href={`/event/chats/${p.channelId}/posts/${p.id}`}>Reply{p.replyCount ? ` (${p.replyCount} ${p.replyCount === 1 ? 'reply' : 'replies'})` : ''}</a>);
  if (a.role === 'organizer') {
    if (p.hidden) out.push(<PostButton action={`${base}/restore`} back={a.back} label="Restore" />);
    else {
      out.push(<PostButton action={`${base}/${p.pinned ? 'unpin' : 'pin'}`} back={a.back} label={p.pinned ? 'Unpin' : 'Pin'} />);
      out.push(
        <details className="hide">
          <summary>Hide…</summary>
          <form method="post" action={`${base}/hide`}>
            <input type="hidden" name="back" value={a.back} />
            <label htmlFor={`reason-${p.id}`}>Reason (organizers only see it)</label><input id={`reason-${p.id}`} name="reason" required maxLength={500} /><button type="submit" className="danger">Hide post</button>
          </form>
        </details>,
      );
    }
  }
  return <div className="post-actions">{joined(out, ' ')}</div>;
}

/** A page's sections, in order (each given its place as key). */
export function keyed(nodes: ReactNode[]): ReactNode {
  return nodes.map((n, i) => <Fragment key={i}>{n}</Fragment>);
}

/** Nodes with a separator between them (as `array.join(sep)` does for strings). */
export function joined(nodes: ReactNode[], sep: ReactNode): ReactNode {
  return nodes.map((n, i) => <Fragment key={i}>{i > 0 ? sep : null}{n}</Fragment>);
}

export function PostItem({ p, a }: { p: Post; a?: PostActions }): ReactNode {
  const tags = joined([
    p.kind !== 'post' ? <span className="badge">{p.kind.replace('_', ' ')}</span> : '',
    p.role && p.role !== 'participant' ? <span className="badge">{p.role}</span> : '',
    p.pinned ? <span className="badge">pinned</span> : '',
    p.hidden ? <span className="badge">hidden: {p.hiddenReason}</span> : '',
  ], ' ');
  // Each emoji its own span, so the page script applies a live `reaction.changed` (one emoji's new count) in place.
  const reactions = p.reactions?.length
    ? <p className="muted" data-reactions="">{joined(p.reactions.map((r) => <span data-emoji={r.emoji} data-count={r.count}>{`${r.emoji} ${r.count}`}</span>), ' · ')}</p>
    : null;
  const replies = !a?.threads && p.replyCount ? <p className="muted">{p.replyCount} {p.replyCount === 1 ? 'reply' : 'replies'}</p> : null;
  return (
    <li className="post" data-post={p.id}>
      <p className="meta"><strong>{p.author?.name ?? 'Podium'}</strong> {tags} <span className="muted">{when(p.at)}</span></p>
      <p className="body">{p.body}</p>{reactions}{replies}{a ? <Actions p={p} a={a} /> : null}
    </li>
  );
}

/** A channel's root posts, newest first; the script puts live ones on top (data-channel). */
export function PostList({ channelId, posts, empty, a }: { channelId: string; posts: Post[]; empty: string; a?: PostActions }): ReactNode {
  return (
    <>
      <ul className="posts" data-channel={channelId || undefined}>{posts.map((p) => <PostItem p={p} a={a} key={p.id} />)}</ul>
      {posts.length ? null : <p className="muted" data-empty="">{empty}</p>}
    </>
  );
}

export function PostForm({ channelId, back, label, threadId }: { channelId: string; back: string; label: string; threadId?: string }): ReactNode {
  return (
    <form method="post" action={`/event/chats/${channelId}/posts`} className="post-form">
      <input type="hidden" name="back" value={back} />{threadId ? <input type="hidden" name="threadId" value={threadId} /> : null}<label htmlFor={`body-${channelId}`}>{label}</label>
      <textarea id={`body-${channelId}`} name="body" required maxLength={4000}></textarea><div className="actions"><button type="submit" className="primary">Post</button></div>
    </form>
  );
}

/** The event pages' meta description. */
const EVENT_DESCRIPTION = 'The hackathon in Podium: the programme, the next deadline, teams, chats, submissions and the community vote.';

/**
 * A table that scrolls sideways on a phone (a focusable, labelled region). The region is
 * "<label> table": a section headed "Teams" holding it is a landmark of its own, and two
 * landmarks must not share a name (axe: landmark-unique).
 */
export function Table({ label, headers, rows }: { label: string; headers: string[]; rows: ReactNode[][] }): ReactNode {
  return (
    <div className="scroll" tabIndex={0} role="region" aria-label={`${label} table`}>
      <table>
        <thead><HeaderRow headers={headers} /></thead>
        <tbody>{rows.map((r, i) => <tr key={i}>{r.map((c, j) => <td key={j}>{c}</td>)}</tr>)}</tbody>
      </table>
    </div>
  );
}

export function refusal(section: Section<unknown>): ReactNode {
  return section.ok ? null : <p className="muted">{section.error.message}</p>;
}

export const isUuid = (s: unknown): s is string => typeof s === 'string' && UUID_RE.test(s);

/**
 * A form action of the event pages: Origin checked first (else 403, nothing done), the
 * session, then `act` as the caller in one transaction; success is a 303 to the local `back`
 * path, a refusal a page with the SQL's sentence and status.
 */
export function formAction<P>(deps: ApiDeps, app: FastifyInstance, path: string, act: (c: pg.PoolClient, params: P, body: Record<string, string>) => Promise<void>): void {
  app.post<{ Params: P; Body: Record<string, string> }>(path, { config: { auth: 'none' }, bodyLimit: 64 * 1024 }, async (req, reply) => {
    if (!sameOrigin(req, deps.config)) return problemPage(reply, 403, 'Not allowed', 'Send event forms from this instance’s own pages.', null);
    const identity = await pageIdentity(req, deps);
    if (!identity) return toSignin(req, reply);
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, string>;
    // Where to go is settled before the action runs: nothing done may be followed by a failure to answer.
    const back = safeNext(typeof body.back === 'string' && body.back.startsWith('/event') ? body.back : '/event');
    try {
      await asCaller(req, deps.pool, (c) => act(c, req.params as P, body));
    } catch (err) {
      return eventProblem(reply, err, identity);
    }
    return reply.redirect(back, 303);
  });
}
