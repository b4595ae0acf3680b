// Chats and help requests as pages:
//   GET /event/chats/:channelId                 any channel the caller reads (a request thread, a team chat), live
//   GET /event/chats/:channelId/posts/:postId   a thread: the root, its replies oldest first, the reply form
//   GET /event/requests                         participants: open a request, their team's requests;
//                                               advisors and organizers: the queue of open requests, oldest first,
//                                               then the claimed ones, with claim, unclaim, resolve, reopen
// Form actions (Origin checked, 303 back): react, pin, unpin, hide (reason), restore; open a
// request; claim, unclaim, resolve, reopen. Each is the SQL function its REST route calls.
import type { FastifyInstance } from 'fastify';
import type { HelpRequest } from '../../../core/wire/chats.ts';
import { TRANSITIONS } from '../../routes/chats/requests.ts';
import type { ApiDeps } from '../../deps.ts';
import type { ReactNode } from 'react';
import { eventNav, eventPage, formAction, joined, keyed, type PageContext, PostForm, PostItem, type Post, when } from './shared.tsx';
import { channelSection, type Channel, lines } from './team.tsx';


const QUEUE = 100;

async function channelBody(ctx: PageContext, _q: unknown, params: { channelId: string }): Promise<ReactNode> {
  const shown = await ctx.read.must<{ channel: Channel }>('app.show_chat_channel($1)', [params.channelId]);
  const c = shown.channel;
  const back = `/event/chats/${c.id}`;
  let request: ReactNode = null;
  if (c.request) {
    const r = await ctx.read.must<HelpRequest>('app.show_help_request($1)', [c.request.id]);
    request = <section className="card" aria-labelledby="req-h"><h2 id="req-h">Help request</h2><RequestFacts r={r} /><p className="body">{r.body}</p><RequestButtons r={r} role={ctx.status.role} back={back} /></section>;
  }
  const heading = c.kind === 'general' ? 'General' : c.kind === 'team' ? `Team chat: ${c.name}` : `Thread: ${c.name}`;
  return <>{eventNav(ctx.status, '')}<h1>{heading}</h1>{request}{await channelSection(ctx, c, 'Posts', back)}</>;
}

async function threadBody(ctx: PageContext, _q: unknown, params: { channelId: string; postId: string }): Promise<ReactNode> {
  const t = await ctx.read.must<{ root: Post; items: Post[] }>('app.list_chat_replies($1, $2, $3)', [params.channelId, params.postId, QUEUE]);
  const back = `/event/chats/${params.channelId}/posts/${params.postId}`;
  const a = { role: ctx.status.role, back, threads: false };
  return (
    <>
      {eventNav(ctx.status, '')}<p><a href={`/event/chats/${params.channelId}`}>Back to the channel</a></p><h1>Thread</h1>
      <section className="card"><ul className="posts"><PostItem p={t.root} a={a} /></ul></section>
      <section className="card" aria-labelledby="replies-h">
        <h2 id="replies-h">Replies</h2><ul className="posts replies">{t.items.map((p) => <PostItem p={p} a={a} key={p.id} />)}</ul>
        {t.items.length ? null : <p className="muted">No reply yet.</p>}<PostForm channelId={params.channelId} back={back} label="Reply" threadId={params.postId} />
      </section>
    </>
  );
}

function RequestFacts({ r }: { r: HelpRequest }): ReactNode {
  return (
    <p>
      <span className="badge">{r.status}</span> <strong>{r.title}</strong> · team {r.team.name} · opened {when(r.openedAt)}{r.openedBy ? ` by ${r.openedBy.name}` : ''}{r.claimedBy ? ` · claimed by ${r.claimedBy.name}` : ''}
    </p>
  );
}

/** The transitions a role may try; SQL refuses the rest in words (request_claimed, request_resolved...). */
function RequestButtons({ r, role, back }: { r: HelpRequest; role: string; back: string }): ReactNode {
  const verbs: string[] = [];
  if (r.status !== 'resolved') {
    if (role === 'advisor' && r.status === 'open') verbs.push('claim');
    if ((role === 'advisor' || role === 'organizer') && r.status === 'claimed') verbs.push('unclaim');
    verbs.push('resolve');
  } else verbs.push('reopen');
  return (
    <div className="post-actions">
      {joined(verbs.map((v) => (
        <form method="post" action={`/event/requests/${r.id}/${v}`} className="inline">
          <input type="hidden" name="back" value={back} /><button type="submit">{v[0]!.toUpperCase()}{v.slice(1)}<span className="visually-hidden"> “{r.title}”</span></button>
        </form>
      )), ' ')}{' '}
      <a href={`/event/chats/${r.threadChannelId}`}>Thread</a>
    </div>
  );
}

function RequestList({ items, role, empty }: { items: HelpRequest[]; role: string; empty: string }): ReactNode {
  if (!items.length) return <p className="muted">{empty}</p>;
  return <ul className="posts">{items.map((r) => <li className="post" data-request={r.id} key={r.id}><RequestFacts r={r} /><RequestButtons r={r} role={role} back="/event/requests" /></li>)}</ul>;
}

async function requestsBody(ctx: PageContext): Promise<ReactNode> {
  const { read, status } = ctx;
  const list = async (state: string) => read.must<HelpRequest[]>('app.list_help_requests($1, $2)', [state, QUEUE]);
  const out: ReactNode[] = [eventNav(status, '/event/requests')];
  if (status.role === 'participant') {
    out.push(
      <h1>Help requests</h1>,
      <section className="card" aria-labelledby="open-h">
        <h2 id="open-h">Ask the advisors</h2>
        <form method="post" action="/event/requests">
          <input type="hidden" name="back" value="/event/requests" />
          <label htmlFor="req-title">Title (one line, 200 characters)</label><input id="req-title" name="title" required maxLength={200} />
          <label htmlFor="req-body">What you need</label><textarea id="req-body" name="body" required maxLength={4000}></textarea>
          <div className="actions"><button type="submit" className="primary">Open request</button></div>
        </form>
      </section>,
    );
  } else out.push(<h1>Request queue</h1>);
  // Listings come newest first; the queue serves the oldest first.
  const open = (await list('open')).reverse();
  const claimed = (await list('claimed')).reverse();
  const resolved = await list('resolved');
  out.push(
    <section className="card" aria-labelledby="q-open"><h2 id="q-open">Open (oldest first)</h2><RequestList items={open} role={status.role} empty="No open request." /></section>,
    <section className="card" aria-labelledby="q-claimed"><h2 id="q-claimed">Claimed</h2><RequestList items={claimed} role={status.role} empty="No claimed request." /></section>,
    <section className="card" aria-labelledby="q-resolved"><h2 id="q-resolved">Resolved</h2><RequestList items={resolved.slice(0, 20)} role={status.role} empty="No resolved request." /></section>,
  );
  return keyed(out);
}

export function registerChatPages(app: FastifyInstance, deps: ApiDeps): void {
  const page = { config: { auth: 'none' as const } };
  const uuid = { type: 'string', format: 'uuid' } as const;
  const params = (...names: string[]) => ({ type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, uuid])) });
  app.get('/event/chats/:channelId', { ...page, schema: { params: params('channelId') } }, eventPage<unknown, { channelId: string }>(deps, () => 'Chat', channelBody));
  app.get('/event/chats/:channelId/posts/:postId', { ...page, schema: { params: params('channelId', 'postId') } }, eventPage<unknown, { channelId: string; postId: string }>(deps, () => 'Thread', threadBody));
  app.get('/event/requests', page, eventPage(deps, ({ status }) => (status.role === 'participant' ? 'Help requests' : 'Request queue'), requestsBody));

  type ById = { postId: string };
  formAction<ById>(deps, app, '/event/posts/:postId/react', async (c, p, b) => void (await c.query('select app.add_chat_reaction($1, $2)', [p.postId, b.emoji ?? ''])));
  formAction<ById>(deps, app, '/event/posts/:postId/pin', async (c, p) => void (await c.query('select app.pin_chat_post($1)', [p.postId])));
  formAction<ById>(deps, app, '/event/posts/:postId/unpin', async (c, p) => void (await c.query('select app.unpin_chat_post($1)', [p.postId])));
  formAction<ById>(deps, app, '/event/posts/:postId/hide', async (c, p, b) => void (await c.query('select app.hide_chat_post($1, $2)', [p.postId, b.reason ?? ''])));
  formAction<ById>(deps, app, '/event/posts/:postId/restore', async (c, p) => void (await c.query('select app.restore_chat_post($1)', [p.postId])));
  formAction(deps, app, '/event/requests', async (c, _p, b) => void (await c.query('select app.open_help_request($1, $2)', [b.title ?? '', lines(b.body)])));
  for (const [verb, call] of Object.entries(TRANSITIONS)) {
    formAction<{ id: string }>(deps, app, `/event/requests/:id/${verb}`, async (c, p) => void (await c.query(`select ${call}`, [p.id])));
  }
}
