// The routes of the wire (docs/WIRE.md), keyed as fastify registers them (`METHOD /path` with
// `:param` placeholders), each with what it takes and what it answers:
//   - `body`: the request body's zod schema; the route validates with it (api/routes/wire-schema.ts
//     turns it into the route's JSON schema, so the refusals keep their `invalid_input` wording);
//   - `response`: the answer's schema. Three degrees, so the catalogue can say how far each is:
//     a zod schema (checked: the chat, feed and request routes), `typed<T>()` (the answer's type
//     from core/wire, not yet a runtime schema) or UNTYPED (no shared type yet).
// The clients' `call('GET /api/v1/event', …)` and the server's callJson take their answer's type
// from here (Answer<K>). test/api/wire-catalogue.test.ts joins this registry with the live
// server's route table: an /api/v1 route without an entry, or an entry without a route, fails.
import * as z from 'zod';
import { ChannelList, ChannelView, HelpRequest, HelpRequestPage, Post, PostPage, Reactions, ReplyPage } from './chats.ts';
import type { JuryAssignments, JuryCriteria, JuryProgress, JuryResult, JuryScore, JuryStatus, MyJuryScores } from './jury.ts';
import type { Ballot, BallotExport, BallotInvalidated, BallotList, BallotReads, BallotWritten, CommunityStatus, Eligibility, EligibilityUnlocked, ResultsCalculated, VoteResult, VoteResults, VotingClosed, VotingOpened } from './community.ts';
import type { BlobPrecheck, DeckDeleted, DeckDetail, DeckNotify, DeckPushed, FormResponseDetail, ShareLinkMailed, ShareLinkMinted } from './deck.ts';
import type { DeckTemplates, Gallery, GeneratedDeck, GeneratedDeckRow, GenerationRunDetail, GenerationRuns, Released, RunStarted } from './decks.ts';
import type { Agenda, AgendaSet, DeckLinks, DemoPassRevoked, EventConfigured, EventGithub, EventRecord, EventStatus, Project, ProjectMember, ProjectMemberRemoved, RosterImported, RosterLock, RosterPage, Showcase, Team, TeamDeleted, TeamMember, TeamMemberRemoved, VoteSection } from './event.ts';
import type { WorkspaceFile } from './files.ts';
import type { DefaultWorkspaceSet, Instance, Me, SessionClosed, SignInCodeRequested, SignInKeyMinted, SignInKeysMinted, Workspaces } from './identity.ts';
import type { GithubCheck, ProvisionPlan, ProvisionRun, ProvisionStarted, Reconciled, SubmissionDetail, SubmissionExceptionRecorded, SubmissionFailures, Submissions } from './submissions.ts';

/** Schemas that carry a type only (anything passes at run time): the answers not yet described as zod schemas. */
const typedOnly = new WeakSet<z.ZodType>();

/** An answer typed by its core/wire type, not yet checked at run time. */
export function typed<T>(): z.ZodType<T> {
  const s = z.custom<T>(() => true);
  typedOnly.add(s);
  return s;
}

/** An answer with no shared type yet. */
export const UNTYPED = z.unknown();

/** How far a route's answer is described: a checking schema, a type only, or nothing yet. */
export function responseDegree(s: z.ZodType): 'checked' | 'typed' | 'untyped' {
  return s === UNTYPED ? 'untyped' : typedOnly.has(s) ? 'typed' : 'checked';
}

const POST_BODY = z.string().min(1).max(4000);

/** A post or a reply (`threadId`) in a channel or the feed. */
export const NewPost = z.strictObject({ body: POST_BODY, threadId: z.uuid().optional() });
export type NewPost = z.infer<typeof NewPost>;

/** `feed hide`: the reason organizers read. */
export const HidePost = z.strictObject({ reason: z.string().min(1).max(500) });
export type HidePost = z.infer<typeof HidePost>;

/** `requests open`. */
export const NewHelpRequest = z.strictObject({ title: z.string().min(1).max(200), body: POST_BODY });
export type NewHelpRequest = z.infer<typeof NewHelpRequest>;

export interface RouteContract {
  body?: z.ZodType;
  response: z.ZodType;
}

export const ROUTES = {
  'GET /api/v1/instance': { response: typed<Instance>() },
  'GET /api/v1/health': { response: UNTYPED },
  'GET /api/v1/me': { response: typed<Me>() },
  'POST /api/v1/cli/auth/request': { response: typed<SignInCodeRequested>() },
  'POST /api/v1/cli/auth/complete': { response: typed<SignInKeyMinted | SignInKeysMinted>() },
  /** Only on an instance behind a hub (HUB_URL). */
  'POST /api/v1/cli/auth/hub': { response: typed<SignInKeyMinted>() },
  'POST /api/v1/auth/session': { response: UNTYPED },
  'DELETE /api/v1/auth/session': { response: typed<SessionClosed>() },
  'GET /api/v1/workspaces': { response: typed<Workspaces>() },
  'PUT /api/v1/me/default-workspace': { response: typed<DefaultWorkspaceSet>() },
  'POST /api/v1/invitations': { response: UNTYPED },
  'GET /api/v1/invitations': { response: UNTYPED },
  'DELETE /api/v1/invitations/:id': { response: UNTYPED },
  'GET /api/v1/event': { response: typed<EventRecord>() },
  'GET /api/v1/event/status': { response: typed<EventStatus>() },
  'GET /api/v1/event/health': { response: UNTYPED },
  'PUT /api/v1/event': { response: typed<EventConfigured>() },
  'PUT /api/v1/event/github': { response: typed<EventGithub>() },
  'PUT /api/v1/event/vote': { response: typed<VoteSection>() },
  'PUT /api/v1/event/roster': { response: typed<RosterImported>() },
  'GET /api/v1/event/roster': { response: typed<RosterPage>() },
  'PUT /api/v1/event/roster/lock': { response: typed<RosterLock>() },
  'DELETE /api/v1/event/roster/lock': { response: typed<RosterLock>() },
  'GET /api/v1/event/agenda': { response: typed<Agenda>() },
  'PUT /api/v1/event/agenda': { response: typed<AgendaSet>() },
  'GET /api/v1/event/showcase': { response: typed<Showcase>() },
  'PATCH /api/v1/event/showcase': { response: typed<Showcase>() },
  'GET /api/v1/event/team-members': { response: UNTYPED },
  'GET /api/v1/event/deck-links': { response: typed<DeckLinks>() },
  'PATCH /api/v1/event/deck-links': { response: typed<DeckLinks>() },
  'GET /api/v1/event/decks': { response: typed<{ items: GeneratedDeckRow[] }>() },
  'GET /api/v1/event/decks/gallery': { response: typed<Gallery>() },
  'GET /api/v1/event/decks/templates': { response: typed<DeckTemplates>() },
  'GET /api/v1/event/decks/runs': { response: typed<GenerationRuns>() },
  'POST /api/v1/event/decks/runs': { response: typed<RunStarted>() },
  'GET /api/v1/event/decks/runs/:runId': { response: typed<GenerationRunDetail>() },
  'GET /api/v1/event/decks/:deckId': { response: typed<GeneratedDeck>() },
  'POST /api/v1/event/decks/:deckId/review': { response: typed<GeneratedDeck>() },
  'POST /api/v1/event/decks/releases': { response: typed<Released>() },
  'GET /api/v1/event/decks/preview': { response: UNTYPED },
  'GET /api/v1/event/stream': { response: UNTYPED },
  'GET /api/v1/projects': { response: UNTYPED },
  'POST /api/v1/projects': { response: typed<Project>() },
  'GET /api/v1/projects/:id': { response: UNTYPED },
  'PATCH /api/v1/projects/:id': { response: typed<Project>() },
  'POST /api/v1/projects/:id/archive': { response: typed<Project>() },
  'POST /api/v1/projects/:id/unarchive': { response: typed<Project>() },
  'GET /api/v1/projects/:id/members': { response: UNTYPED },
  'POST /api/v1/projects/:id/members': { response: typed<ProjectMember>() },
  'PUT /api/v1/projects/:id/members/people/:ref': { response: typed<ProjectMember>() },
  'DELETE /api/v1/projects/:id/members/people/:ref': { response: typed<ProjectMemberRemoved>() },
  'PUT /api/v1/projects/:id/members/teams/:ref': { response: typed<ProjectMember>() },
  'DELETE /api/v1/projects/:id/members/teams/:ref': { response: typed<ProjectMemberRemoved>() },
  'GET /api/v1/teams': { response: UNTYPED },
  'POST /api/v1/teams': { response: typed<Team>() },
  'PATCH /api/v1/teams/:team': { response: typed<Team>() },
  'DELETE /api/v1/teams/:team': { response: typed<TeamDeleted>() },
  'GET /api/v1/teams/:team/members': { response: UNTYPED },
  'POST /api/v1/teams/:team/members': { response: typed<TeamMember>() },
  'DELETE /api/v1/teams/:team/members/:person': { response: typed<TeamMemberRemoved>() },
  'POST /api/v1/demo/passes': { response: UNTYPED },
  'GET /api/v1/demo/passes': { response: UNTYPED },
  'DELETE /api/v1/demo/passes/:id': { response: typed<DemoPassRevoked>() },
  'POST /api/v1/blobs/precheck': { response: typed<BlobPrecheck>() },
  'POST /api/v1/presentations': { response: typed<DeckPushed>() },
  'POST /api/v1/presentations/:id/versions': { response: typed<DeckPushed>() },
  'GET /api/v1/presentations': { response: UNTYPED },
  'GET /api/v1/presentations/:id': { response: typed<DeckDetail>() },
  'PATCH /api/v1/presentations/:id': { response: UNTYPED },
  'DELETE /api/v1/presentations/:id': { response: typed<DeckDeleted>() },
  'POST /api/v1/presentations/:id/duplicate': { response: UNTYPED },
  'GET /api/v1/presentations/:id/versions': { response: UNTYPED },
  'GET /api/v1/presentations/:id/files': { response: UNTYPED },
  'PUT /api/v1/presentations/:id/notify': { response: typed<DeckNotify>() },
  'POST /api/v1/presentations/:id/share-links': { response: typed<ShareLinkMinted>() },
  'POST /api/v1/presentations/:id/share-links/email': { response: typed<ShareLinkMailed>() },
  'GET /api/v1/presentations/:id/share-links': { response: UNTYPED },
  'DELETE /api/v1/share-links/:linkId': { response: UNTYPED },
  'GET /api/v1/presentations/:id/views': { response: UNTYPED },
  'GET /api/v1/presentations/:id/responses': { response: UNTYPED },
  'GET /api/v1/presentations/:id/responses/:responseId': { response: typed<FormResponseDetail>() },
  'GET /api/v1/presentations/:id/collaborators': { response: UNTYPED },
  'POST /api/v1/presentations/:id/collaborators': { response: UNTYPED },
  'DELETE /api/v1/presentations/:id/collaborators/:collaboratorId': { response: UNTYPED },
  'GET /api/v1/presentations/:id/annotations': { response: UNTYPED },
  'POST /api/v1/presentations/:id/annotations': { response: UNTYPED },
  'DELETE /api/v1/presentations/:id/annotations/:annotationId': { response: UNTYPED },
  'GET /api/v1/export': { response: UNTYPED },
  'POST /api/v1/codehost/invitations/accept': { response: UNTYPED },
  'GET /api/v1/admin/provision/plan': { response: typed<ProvisionPlan>() },
  'POST /api/v1/admin/provision': { response: typed<ProvisionStarted>() },
  'GET /api/v1/admin/provision/runs/:key': { response: typed<ProvisionRun>() },
  'GET /api/v1/event/github-check': { response: typed<GithubCheck>() },
  'GET /api/v1/submissions': { response: typed<Submissions>() },
  'GET /api/v1/submissions/failures': { response: typed<SubmissionFailures>() },
  'POST /api/v1/submissions/reconcile': { response: typed<Reconciled>() },
  'GET /api/v1/submissions/:projectId': { response: typed<SubmissionDetail>() },
  'GET /api/v1/submissions/:projectId/artifact': { response: UNTYPED },
  'POST /api/v1/submissions/:projectId/exception': { response: typed<SubmissionExceptionRecorded>() },
  'GET /api/v1/event/chats': { response: ChannelList },
  'GET /api/v1/event/chats/:channelId': { response: ChannelView },
  'GET /api/v1/event/chats/:channelId/posts': { response: PostPage },
  'GET /api/v1/event/chats/:channelId/posts/:postId/replies': { response: ReplyPage },
  'POST /api/v1/event/chats/:channelId/posts': { body: NewPost, response: Post },
  'GET /api/v1/event/feed': { response: ChannelView },
  'GET /api/v1/event/feed/posts': { response: PostPage },
  'POST /api/v1/event/feed/posts': { body: NewPost, response: Post },
  'POST /api/v1/event/posts/:postId/pin': { response: Post },
  'POST /api/v1/event/posts/:postId/unpin': { response: Post },
  'POST /api/v1/event/posts/:postId/hide': { body: HidePost, response: Post },
  'POST /api/v1/event/posts/:postId/restore': { response: Post },
  'PUT /api/v1/event/posts/:postId/reactions/:emoji': { response: Reactions },
  'DELETE /api/v1/event/posts/:postId/reactions/:emoji': { response: Reactions },
  'GET /api/v1/event/requests': { response: HelpRequestPage },
  'POST /api/v1/event/requests': { body: NewHelpRequest, response: HelpRequest },
  'GET /api/v1/event/requests/:id': { response: HelpRequest },
  'POST /api/v1/event/requests/:id/claim': { response: HelpRequest },
  'POST /api/v1/event/requests/:id/unclaim': { response: HelpRequest },
  'POST /api/v1/event/requests/:id/resolve': { response: HelpRequest },
  'POST /api/v1/event/requests/:id/reopen': { response: HelpRequest },
  // Jury judging (docs/JUDGING.md)
  'GET /api/v1/event/jury': { response: typed<JuryStatus>() },
  'GET /api/v1/event/jury/criteria': { response: typed<JuryCriteria>() },
  'PUT /api/v1/event/jury/criteria': { response: typed<JuryCriteria>() },
  'GET /api/v1/event/jury/conflicts': { response: UNTYPED },
  'POST /api/v1/event/jury/conflicts': { response: UNTYPED },
  'DELETE /api/v1/event/jury/conflicts': { response: UNTYPED },
  'POST /api/v1/event/jury/plan': { response: typed<JuryAssignments>() },
  'GET /api/v1/event/jury/assignments': { response: typed<JuryAssignments>() },
  'POST /api/v1/event/jury/assignments': { response: UNTYPED },
  'DELETE /api/v1/event/jury/assignments': { response: UNTYPED },
  'POST /api/v1/event/jury/open': { response: typed<JuryStatus>() },
  'POST /api/v1/event/jury/close': { response: typed<JuryStatus>() },
  'GET /api/v1/event/jury/progress': { response: typed<JuryProgress>() },
  'GET /api/v1/event/jury/scores': { response: typed<MyJuryScores>() },
  'PUT /api/v1/event/jury/scores/:team/draft': { response: typed<JuryScore>() },
  'POST /api/v1/event/jury/scores/:team/submission': { response: typed<JuryScore>() },
  'GET /api/v1/event/jury/results': { response: typed<{ items: JuryResult[] }>() },
  'POST /api/v1/event/jury/results': { response: typed<JuryResult & { created: boolean }>() },
  'PUT /api/v1/event/jury/results/:version/release': { response: typed<JuryResult>() },
  'GET /api/v1/event/jury/results/:version/scores': { response: UNTYPED },
  'GET /api/v1/community/status': { response: typed<CommunityStatus>() },
  'GET /api/v1/community/eligibility': { response: typed<Eligibility>() },
  'PUT /api/v1/community/eligibility/lock': { response: typed<Eligibility>() },
  'DELETE /api/v1/community/eligibility/lock': { response: typed<EligibilityUnlocked>() },
  'POST /api/v1/community/voting/open': { response: typed<VotingOpened>() },
  'POST /api/v1/community/voting/close': { response: typed<VotingClosed>() },
  'GET /api/v1/community/ballot': { response: typed<Ballot>() },
  'PUT /api/v1/community/ballot/draft': { response: typed<BallotWritten>() },
  'POST /api/v1/community/ballot/submission': { response: typed<BallotWritten>() },
  'GET /api/v1/community/ballots': { response: typed<BallotList>() },
  'GET /api/v1/community/ballots/reads': { response: typed<BallotReads>() },
  'POST /api/v1/community/ballots/:ballotId/invalidate': { response: typed<BallotInvalidated>() },
  'GET /api/v1/community/results': { response: typed<VoteResults>() },
  'POST /api/v1/community/results': { response: typed<ResultsCalculated>() },
  'PUT /api/v1/community/results/:version/release': { response: typed<VoteResult>() },
  'GET /api/v1/community/results/:version/ballots': { response: typed<BallotExport>() },
  'GET /api/v1/files/:id': { response: typed<WorkspaceFile>() },
  'GET /api/v1/files/:id/content': { response: UNTYPED },
  'PUT /api/v1/test/clock': { response: UNTYPED },
  'PUT /api/v1/blobs/:sha256': { response: UNTYPED },
  'POST /api/v1/mcp': { response: UNTYPED },
  'GET /api/v1/mcp': { response: UNTYPED },
  'DELETE /api/v1/mcp': { response: UNTYPED },
} as const satisfies Record<string, RouteContract>;

export type RouteKey = keyof typeof ROUTES;
/** What a route answers (its 2xx body). */
export type Answer<K extends RouteKey> = z.infer<(typeof ROUTES)[K]['response']>;
/** What a route takes as its body (unknown where the registry has no body schema yet). */
export type Body<K extends RouteKey> = (typeof ROUTES)[K] extends { body: infer B extends z.ZodType } ? z.input<B> : unknown;
/** The routes whose answer has a type (checked or typed): the ones a client's `call` is typed by. */
export type TypedRoute = { [K in RouteKey]: unknown extends Answer<K> ? never : K }[RouteKey];
