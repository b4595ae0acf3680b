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
import { esc } from '../html.ts';
import { receiptLine } from './home.ts';
import { eventNav, eventPage, formAction, isUuid, type PageContext, postForm, postList, type Post, refusal, when } from './shared.ts';
import type { DeckLinks, Showcase } from '../../../core/wire/event.ts';
import type { SubmissionDetail } from '../../../core/wire/submissions.ts';

export type { Channel };

const POSTS_SHOWN = 30;

/** Browsers send a textarea's line breaks as CRLF; the text rules keep newlines, not carriage returns. */
export const lines = (text: string | undefined) => String(text ?? '').replace(/\r\n?/g, '\n');

export async function channelSection(ctx: PageContext, channel: Channel, heading: string, back: string): Promise<string> {
  const posts = await ctx.read.must<Post[]>('app.list_chat_posts($1, $2)', [channel.id, POSTS_SHOWN]);
  const more = posts.length === POSTS_SHOWN ? '<p class="muted">Older posts: <code>hackathon chats read</code>.</p>' : '';
  return `<section class="card" aria-labelledby="chan-h"><h2 id="chan-h">${esc(heading)}</h2>
<p id="live-status" class="muted" role="status" aria-live="polite"></p>
${postForm(channel.id, back, 'New post')}${postList(channel.id, posts, 'No post yet.', { role: ctx.status.role, back, threads: true })}${more}</section>`;
}

function field(name: string, label: string, value: string | null, max: number, multiline = false): string {
  const input = multiline
    ? `<textarea id="sc-${name}" name="${name}" maxlength="${max}">${esc(value ?? '')}</textarea>`
    : `<input id="sc-${name}" name="${name}" maxlength="${max}" value="${esc(value ?? '')}">`;
  return `<label for="sc-${name}">${esc(label)}</label>${input}`;
}

async function teamBody(ctx: PageContext, query: { team?: string }): Promise<string> {
  const { read, status } = ctx;
  const ref = typeof query.team === 'string' && query.team ? query.team : null;
  const out: string[] = [eventNav(status, '/event/team')];
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
  out.push(`<h1>Team ${esc(team.name)}</h1>`);

  const members = await read.try<{ members: { name: string | null; email: string; signedIn: boolean }[] }>('app.team_roster($1)', [team.id]);
  if (members.ok) {
    const items = members.value.members.map((m) => `<li>${esc(m.name ?? m.email)}${m.name ? ` <span class="muted">${esc(m.email)}</span>` : ''}${m.signedIn ? '' : ' <span class="badge">not signed in yet</span>'}</li>`).join('');
    out.push(`<section class="card" aria-labelledby="members-h"><h2 id="members-h">Members</h2>${items ? `<ul class="members">${items}</ul>` : '<p class="muted">No member on the roster.</p>'}</section>`);
  }

  const submission = await read.try<SubmissionDetail>('app.submission_show($1)', [team.id]);
  if (submission.ok) {
    const s = submission.value;
    const receipts = (s.receipts as any[]).map((r) => `<li>${receiptLine(r)}${r.capture ? ` · capture ${esc(r.capture.state)}` : ''}</li>`).join('');
    out.push(`<section class="card" aria-labelledby="sub-h"><h2 id="sub-h">Submission</h2><dl class="facts">
<dt>State</dt><dd><span class="badge">${esc(s.state)}</span></dd><dt>Repository</dt><dd>${s.repository ? `<code>${esc(s.repository.fullName)}</code> (${esc(s.readiness)})` : esc(s.readiness)}</dd>
<dt>Freeze</dt><dd>${when(s.freezeAt)}</dd><dt>Last received</dt><dd>${receiptLine(s.lastReceived)}</dd>
<dt>Frozen</dt><dd>${s.frozen ? `<code>${esc(s.frozen.sha === 'template' ? 'template' : String(s.frozen.sha).slice(0, 12))}</code> ${esc(s.frozen.state)} ${when(s.frozen.frozenAt)}${s.frozen.archive ? ` · ${esc(s.frozen.archive.name)}` : ''}` : 'not yet'}</dd>
${s.attention ? `<dt>Attention</dt><dd>${esc(s.attention)}</dd>` : ''}</dl>
<h3>Receipts (last 50)</h3>${receipts ? `<ul class="receipts">${receipts}</ul>` : '<p class="muted">No receipt yet.</p>'}</section>`);
  } else if (submission.error.code !== 'insufficient_event_role') out.push(`<section class="card"><h2>Submission</h2>${refusal(submission)}</section>`);

  if (showcase.ok) {
    const sc = showcase.value;
    out.push(`<section class="card" aria-labelledby="sc-h"><h2 id="sc-h">Showcase</h2>
<form method="post" action="/event/showcase"><input type="hidden" name="team" value="${esc(team.id)}"><input type="hidden" name="back" value="${esc(back)}">
${field('product', 'Product name (24 characters)', sc.product, 24)}${field('tagline', 'Tagline (140 characters)', sc.tagline, 140)}${field('description', 'Description (4000 characters)', sc.description, 4000, true)}
<div class="actions"><button type="submit" class="primary">Save showcase</button></div></form></section>`);
  }
  const links = await read.try<DeckLinks>('app.team_deck_links($1)', [team.id]);
  if (links.ok) {
    const l = links.value;
    const row = (label: string, url: string | null) => `<dt>${esc(label)}</dt><dd>${url ? `<a href="${esc(url)}">${esc(url)}</a>` : '<span class="muted">not set</span>'}</dd>`;
    out.push(`<section class="card" aria-labelledby="links-h"><h2 id="links-h">Deck links</h2><dl class="facts">${row('Demo deck', l.demo)}${row('Presentation', l.pitch)}${row('Vote presentation', l.vote)}</dl>
<p class="muted">Set them with <code>hackathon decks link</code>.</p></section>`);
  }
  if (chat) out.push(await channelSection(ctx, chat, 'Team chat', back));
  return out.join('\n');
}

async function feedBody(ctx: PageContext): Promise<string> {
  const feed = await ctx.read.must<{ channel: Channel; pinned: Post[] }>('app.show_feed()');
  const pinned = feed.pinned.length ? `<section class="card" aria-labelledby="pins-h"><h2 id="pins-h">Pinned</h2>${postList('', feed.pinned, '', { role: ctx.status.role, back: '/event/feed', threads: false })}</section>` : '';
  return `${eventNav(ctx.status, '/event/feed')}<h1>Feed</h1>${pinned}${await channelSection(ctx, feed.channel, 'General', '/event/feed')}`;
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
