// `hackathon`: the hackathon event client. Talks only the wire contract.
import type { AnyFlags } from 'meow';
import { dispatch } from '../lib/dispatch.ts';
import { processIo, type Io } from '../lib/io.ts';
import type { Command } from './command.ts';
import { Context, VERSION } from './context.ts';
import { doctor } from './commands/doctor.ts';
import { login } from './commands/login.ts';
import { logout } from './commands/logout.ts';
import { profiles } from './commands/profiles.ts';
import { use } from './commands/use.ts';
import { whoami } from './commands/whoami.ts';
import { connect } from './commands/connect.ts';
import { gitCredential } from './commands/git-credential.ts';
import { setup } from './commands/setup.ts';
import { workspaceDefault } from './commands/workspace/default.ts';
import { workspaces } from './commands/workspaces.ts';
import { eventStatus } from './commands/event/status.ts';
import { eventConfigure } from './commands/event/configure.ts';
import { eventGithub } from './commands/event/github.ts';
import { eventVote } from './commands/event/vote.ts';
import { rosterImport } from './commands/event/roster/import.ts';
import { rosterShow } from './commands/event/roster/show.ts';
import { rosterLock } from './commands/event/roster/lock.ts';
import { rosterUnlock } from './commands/event/roster/unlock.ts';
import { agendaShow } from './commands/event/agenda/show.ts';
import { agendaSet } from './commands/event/agenda/set.ts';
import { projectsList } from './commands/projects/list.ts';
import { projectsCreate } from './commands/projects/create.ts';
import { projectsUpdate } from './commands/projects/update.ts';
import { projectsArchive } from './commands/projects/archive.ts';
import { projectsUnarchive } from './commands/projects/unarchive.ts';
import { membersList } from './commands/projects/members/list.ts';
import { membersAdd } from './commands/projects/members/add.ts';
import { membersRole } from './commands/projects/members/role.ts';
import { membersRemove } from './commands/projects/members/remove.ts';
import { teamsList } from './commands/teams/list.ts';
import { teamsMembers } from './commands/teams/members.ts';
import { teamsCreate } from './commands/teams/create.ts';
import { teamsUpdate } from './commands/teams/update.ts';
import { teamsDelete } from './commands/teams/delete.ts';
import { teamsMembersAdd } from './commands/teams/members/add.ts';
import { teamsMembersRemove } from './commands/teams/members/remove.ts';
import { showcaseSet } from './commands/showcase/set.ts';
import { showcaseShow } from './commands/showcase/show.ts';
import { decksLink } from './commands/decks/link.ts';
import { decksShow } from './commands/decks/show.ts';
import { decksGallery } from './commands/decks/gallery.ts';
import { decksTemplates } from './commands/decks/templates.ts';
import { adminGenerateAll, decksGenerate } from './commands/decks/generate.ts';
import { decksRuns } from './commands/decks/runs.ts';
import { adminGenerationStatus, decksRun } from './commands/decks/run.ts';
import { decksList } from './commands/decks/list.ts';
import { decksReview } from './commands/decks/review.ts';
import { decksRelease } from './commands/decks/release.ts';
import { demoLink } from './commands/demo/link.ts';
import { demoList } from './commands/demo/list.ts';
import { demoRevoke } from './commands/demo/revoke.ts';
import { submissionsList } from './commands/submissions/list.ts';
import { submissionsShow } from './commands/submissions/show.ts';
import { submissionsFailures } from './commands/submissions/failures.ts';
import { submissionsReconcile } from './commands/submissions/reconcile.ts';
import { submissionsArtifact } from './commands/submissions/artifact.ts';
import { submissionsException } from './commands/submissions/exception.ts';
import { adminProvision } from './commands/admin/provision.ts';
import { eventGithubCheck } from './commands/event/github-check.ts';
import { chatsList } from './commands/chats/list.ts';
import { chatsRead } from './commands/chats/read.ts';
import { chatsReplies } from './commands/chats/replies.ts';
import { chatsPost } from './commands/chats/post.ts';
import { requestsList } from './commands/requests/list.ts';
import { requestsShow } from './commands/requests/show.ts';
import { requestsOpen } from './commands/requests/open.ts';
import { requestsClaim } from './commands/requests/claim.ts';
import { requestsUnclaim } from './commands/requests/unclaim.ts';
import { requestsResolve } from './commands/requests/resolve.ts';
import { requestsReopen } from './commands/requests/reopen.ts';
import { feedList } from './commands/feed/list.ts';
import { feedShow } from './commands/feed/show.ts';
import { feedPost } from './commands/feed/post.ts';
import { feedPin } from './commands/feed/pin.ts';
import { feedUnpin } from './commands/feed/unpin.ts';
import { feedHide } from './commands/feed/hide.ts';
import { feedRestore } from './commands/feed/restore.ts';
import { communityStatus } from './commands/community/status.ts';
import { ballotShow } from './commands/community/ballot/show.ts';
import { ballotSave } from './commands/community/ballot/save.ts';
import { ballotSubmit } from './commands/community/ballot/submit.ts';
import { eligibilityShow } from './commands/community/eligibility/show.ts';
import { eligibilityLock } from './commands/community/eligibility/lock.ts';
import { eligibilityUnlock } from './commands/community/eligibility/unlock.ts';
import { votingOpen } from './commands/community/voting/open.ts';
import { votingClose } from './commands/community/voting/close.ts';
import { ballotsList } from './commands/community/ballots/list.ts';
import { ballotsReads } from './commands/community/ballots/reads.ts';
import { ballotsInvalidate } from './commands/community/ballots/invalidate.ts';
import { resultsShow } from './commands/community/results/show.ts';
import { resultsCalculate } from './commands/community/results/calculate.ts';
import { resultsRelease } from './commands/community/results/release.ts';
import { resultsExport } from './commands/community/results/export.ts';
import { filesDownload } from './commands/files/download.ts';
import { tui } from './commands/tui.ts';

export const COMMANDS: Command[] = [
  doctor, login, logout, use, profiles, whoami, workspaces, workspaceDefault, connect, setup, gitCredential,
  eventStatus, eventConfigure, rosterImport, rosterShow, rosterLock, rosterUnlock, eventGithub, eventVote, agendaShow, agendaSet,
  projectsList, projectsCreate, projectsUpdate, projectsArchive, projectsUnarchive, membersList, membersAdd, membersRole, membersRemove,
  teamsList, teamsMembers, teamsCreate, teamsUpdate, teamsDelete, teamsMembersAdd, teamsMembersRemove, showcaseSet, showcaseShow, decksLink, decksShow, demoLink, demoList, demoRevoke,
  decksGallery, decksTemplates, decksGenerate, decksRuns, decksRun, decksList, decksReview, decksRelease, adminGenerateAll, adminGenerationStatus,
  submissionsList, submissionsShow, submissionsFailures, submissionsReconcile, submissionsArtifact, submissionsException, adminProvision, eventGithubCheck, filesDownload,
  chatsList, chatsRead, chatsReplies, chatsPost,
  requestsList, requestsShow, requestsOpen, requestsClaim, requestsUnclaim, requestsResolve, requestsReopen,
  feedList, feedShow, feedPost, feedPin, feedUnpin, feedHide, feedRestore,
  communityStatus, ballotShow, ballotSave, ballotSubmit, eligibilityShow, eligibilityLock, eligibilityUnlock, votingOpen, votingClose,
  ballotsList, ballotsReads, ballotsInvalidate, resultsShow, resultsCalculate, resultsRelease, resultsExport,
  tui,
];

const GLOBAL_FLAGS: AnyFlags = {
  apiUrl: { type: 'string', aliases: ['url'] },
  apiKey: { type: 'string' },
  apiKeyStdin: { type: 'boolean' },
  profile: { type: 'string' },
  org: { type: 'string' },
  workspace: { type: 'string' },
  json: { type: 'boolean' },
};

const GLOBAL_HELP = `Global options:
  --api-url <url> (--url)   instance address (or EVENT_URL)
  --api-key <key>           key on the command line (visible to other processes; prefer --api-key-stdin or EVENT_API_KEY)
  --api-key-stdin           read the key from the first line of stdin
  --profile <name>          profile to use
  --workspace <id or name>  workspace of the instance (or EVENT_WORKSPACE)
  --org <id or name>        cloud organization (or EVENT_ORG)
  --json                    print the wire payload`;

export function main(argv: string[], io: Io = processIo()): Promise<number> {
  return dispatch(
    {
      name: 'hackathon',
      title: 'the Podium hackathon event client',
      version: VERSION,
      commands: COMMANDS,
      globalFlags: GLOBAL_FLAGS,
      globalHelp: GLOBAL_HELP,
      context: (io, flags, input, argv) => new Context(io, flags as never, input, argv),
    },
    argv,
    io,
  );
}
