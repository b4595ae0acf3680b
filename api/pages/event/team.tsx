// GET /event/team[?team=<id>]: a team's page. A participant sees their own team (naming
// another is SQL's not_your_team); an organizer names any team of the event; an advisor sees
// the team chat only (SQL refuses them showcase and submissions). Sections: members, submission and
// capture state with the last 50 receipts (late marked), the showcase (a form for whoever SQL
// lets edit it), the three deck links, the team chat (live) with its activity items.
// GET /event/feed: the general channel, live, with the post form.
// Form posts: POST /event/chats/:channelId/posts (app.create_chat_post), POST /event/showcase
// (app.set_team_showcase).
import type { FastifyInstance } from 'fastify';
import type { Channel } from '../../../core/wire/chats.ts';
import type { ApiDeps } from '../../deps.ts';
import type { ReactNode } from 'react';
import { safeHref } from '../html.tsx';
import { receiptLine } from './home.tsx';
import { eventNav, eventPage, formAction, isUuid, keyed, type PageContext, PostForm, PostList, type Post, refusal, when } from './shared.tsx';
import type { DeckLinks, Showcase } from '../../../core/wire/event.ts';
import type { SubmissionDetail } from '../../../core/wire/submissions.ts';

export type { Channel };

const POSTS_SHOWN = 30;

/** Browsers send a textarea's line breaks as CRLF; the text rules keep newlines, not carriage returns. */
export const lines = (text: string | undefined) => String(text ?? '').replace(/\r\n?/g, '\n');

export async function channelSection(ctx: PageContext, channel: Channel, heading: string, back: string): Promise<ReactNode> {
  const posts = await ctx.read.must<Post[]>('app.list_chat_posts($1, $2)', [channel.id, POSTS_SHOWN]);
  const more = posts.length === POSTS_SHOWN ? <p className="muted">Older posts: <code>hackathon chats read</code>.</p> : null;
  return (
    <section className="card" aria-labelledby="chan-h">
      <h2 id="chan-h">{heading}</h2>
      <p id="live-status" className="muted" role="status" aria-live="polite"></p>
      <PostForm channelId={channel.id} back={back} label="New post" /><PostList channelId={channel.id} posts={posts} empty="No post yet." a={{ role: ctx.status.role, back, threads: true }} />{more}
    </section>
  );
}

function Field({ name, label, value, max, multiline = false }: { name: string; label: string; value: string | null; max: number; multiline?: boolean }): ReactNode {
  return (
    <>
      <label htmlFor={`sc-${name}`}>{label}</label>
      {multiline
        ? <textarea id={`sc-${name}`} name={name} maxLength={max} defaultValue={value ?? ''} />
        : <input id={`sc-${name}`} name={name} maxLength={max} defaultValue={value ?? ''} />}
    </>
  );
}

async function teamBody(ctx: PageContext, query: { team?: string }): Promise<ReactNode> {
  const { read, status } = ctx;
  const ref = typeof query.team === 'string' && query.team ? query.team : null;
  const out: ReactNode[] = [eventNav(status, '/event/team')];
  const showcase = await read.try<Showcase>('app.team_showcase($1)', [ref]);
  let team: { id: string; name: string } | null = showcase.ok ? showcase.value.team : null;
  if (!showcase.ok) {
    // Advisors may read a team's chat but not its showcase: anything else refuses the page.
    if (showcase.error.code !== 'insufficient_event_role' || !isUuid(ref)) throw showcase.error;
  }
  const channels = await read.try<Channel[]>('app.list_chat_channels()');
  if (!team && !channels.ok) throw showcase.ok ? channels.error : (showcase as { error: Error }).error;
  const chat = channels.ok ? channels.value.find((c) => c.kind === 'team' && c.team && c.team.id === (team?.id ?? ref)) : undefined;
  team ??= chat?.team ?? null;
  if (!team) throw (showcase as { error: Error }).error;
  const back = `/event/team${ref ? `?team=${encodeURIComponent(ref)}` : ''}`;
  out.push(<h1>Team {team.name}</h1>);

  const members = await read.try<{ members: { name: string | null; email: string; signedIn: boolean }[] }>('app.team_roster($1)', [team.id]);
  if (members.ok) {
    const items = members.value.members.map((m, i) => (
      <li key={i}>{m.name ?? m.email}{m.name ? <> <span className="muted">{m.email}</span></> : null}{m.signedIn ? null : <> <span className="badge">not signed in yet</span></>}</li>
    ));
    out.push(<section className="card" aria-labelledby="members-h"><h2 id="members-h">Members</h2>{items.length ? <ul className="members">{items}</ul> : <p className="muted">No member on the roster.</p>}</section>);
  }

  const submission = await read.try<SubmissionDetail>('app.submission_show($1)', [team.id]);
  if (submission.ok) {
    const s = submission.value;
    const receipts = (s.receipts as any[]).map((r, i) => <li key={i}>{receiptLine(r)}{r.capture ? ` · capture ${r.capture.state}` : ''}</li>);
    out.push(
      <section className="card" aria-labelledby="sub-h">
        <h2 id="sub-h">Submission</h2>
        <dl className="facts">
          <dt>State</dt><dd><span className="badge">{s.state}</span></dd><dt>Repository</dt><dd>{s.repository ? <><code>{s.repository.fullName}</code> ({s.readiness})</> : s.readiness}</dd>
          <dt>Freeze</dt><dd>{when(s.freezeAt)}</dd><dt>Last received</dt><dd>{receiptLine(s.lastReceived)}</dd>
          <dt>Frozen</dt>
          <dd>{s.frozen ? <><code>{s.frozen.sha === 'template' ? 'template' : String(s.frozen.sha).slice(0, 12)}</code> {s.frozen.state} {when(s.frozen.frozenAt)}{s.frozen.archive ? ` · ${s.frozen.archive.name}` : ''}</> : 'not yet'}</dd>
          {s.attention ? <><dt>Attention</dt><dd>{s.attention}</dd></> : null}
        </dl>
        <h3>Receipts (last 50)</h3>{receipts.length ? <ul className="receipts">{receipts}</ul> : <p className="muted">No receipt yet.</p>}
      </section>,
    );
  } else if (submission.error.code !== 'insufficient_event_role') out.push(<section className="card"><h2>Submission</h2>{refusal(submission)}</section>);

  if (showcase.ok) {
    const sc = showcase.value;
    out.push(
      <section className="card" aria-labelledby="sc-h">
        <h2 id="sc-h">Showcase</h2>
        <form method="post" action="/event/showcase">
          <input type="hidden" name="team" value={team.id} /><input type="hidden" name="back" value={back} />
          <Field name="product" label="Product name (24 characters)" value={sc.product} max={24} /><Field name="tagline" label="Tagline (140 characters)" value={sc.tagline} max={140} />
          <Field name="description" label="Description (4000 characters)" value={sc.description} max={4000} multiline />
          <div className="actions"><button type="submit" className="primary">Save showcase</button></div>
        </form>
      </section>,
    );
  }
  const links = await read.try<DeckLinks>('app.team_deck_links($1)', [team.id]);
  if (links.ok) {
    const l = links.value;
    const row = (label: string, url: string | null) => {
      const href = safeHref(url);
      return <><dt>{label}</dt><dd>{url ? (href ? <a href={href}>{url}</a> : url) : <span className="muted">not set</span>}</dd></>;
    };
    out.push(
      <section className="card" aria-labelledby="links-h">
        <h2 id="links-h">Deck links</h2><dl className="facts">{row('Demo deck', l.demo)}{row('Presentation', l.pitch)}{row('Vote presentation', l.vote)}</dl>
        <p className="muted">Set them with <code>hackathon decks link</code>.</p>
      </section>,
    );
  }
  if (chat) out.push(await channelSection(ctx, chat, 'Team chat', back));
  return keyed(out);
}

async function feedBody(ctx: PageContext): Promise<ReactNode> {
  const feed = await ctx.read.must<{ channel: Channel; pinned: Post[] }>('app.show_feed()');
  const pinned = feed.pinned.length
    ? <section className="card" aria-labelledby="pins-h"><h2 id="pins-h">Pinned</h2><PostList channelId="" posts={feed.pinned} empty="" a={{ role: ctx.status.role, back: '/event/feed', threads: false }} /></section>
    : null;
  return <>{eventNav(ctx.status, '/event/feed')}<h1>Feed</h1>{pinned}{await channelSection(ctx, feed.channel, 'General', '/event/feed')}</>;
}

export function registerTeamPages(app: FastifyInstance, deps: ApiDeps): void {
  const page = { config: { auth: 'none' as const } };
  const TEAM_QUERY = { type: 'object', properties: { team: { type: 'string', maxLength: 100 } } } as const;
  app.get('/event/team', { ...page, schema: { querystring: TEAM_QUERY } }, eventPage<{ team?: string }>(deps, () => 'Team', teamBody));
  app.get('/event/feed', page, eventPage(deps, () => 'Feed', feedBody));

  formAction<{ channelId: string }>(deps, app, '/event/chats/:channelId/posts', async (c, params, body) => {
    await c.query('select app.create_chat_post($1, $2, $3)', [params.channelId, lines(body.body), body.threadId || null]);
  });
  formAction(deps, app, '/event/showcase', async (c, _params, body) => {
    const patch = { product: body.product ?? null, tagline: body.tagline ?? null, description: body.description === undefined ? null : lines(body.description) };
    await c.query('select app.set_team_showcase($1, $2)', [body.team || null, JSON.stringify(patch)]);
  });
}
