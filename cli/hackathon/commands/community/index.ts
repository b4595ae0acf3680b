// `hackathon community`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const community: Noun = {
  name: 'community',
  summary: 'The community vote: ballots, eligibility, voting and results',
  commands: [
    {
      path: 'community status',
      summary: 'Where the community vote stands, and your part in it',
      examples: ['hackathon community status'],
      load: () => import('./status.ts').then((m) => m.communityStatus),
    },
    {
      path: 'community ballot show',
      summary: 'Your ballot, the window and the candidates you rank (voter)',
      examples: ['hackathon community ballot show'],
      load: () => import('./ballot/show.ts').then((m) => m.ballotShow),
    },
    {
      path: 'community ballot save',
      summary: 'Save a draft ranking, partial or empty (voter)',
      flags: ['--ranking=', '--eligibility-version=', '--expected-revision='],
      examples: ['hackathon community ballot save --ranking Apollo,Comet', 'hackathon community ballot save --ranking "" --expected-revision 2'],
      load: () => import('./ballot/save.ts').then((m) => m.ballotSave),
    },
    {
      path: 'community ballot submit',
      summary: 'Submit your ranking of every candidate (voter)',
      flags: ['--ranking=', '--eligibility-version=', '--expected-revision='],
      examples: ['hackathon community ballot submit --ranking Apollo,Comet,Zeta'],
      load: () => import('./ballot/submit.ts').then((m) => m.ballotSubmit),
    },
    {
      path: 'community eligibility show',
      summary: 'Candidates, voters and exclusions; the lock (organizer)',
      examples: ['hackathon community eligibility show'],
      load: () => import('./eligibility/show.ts').then((m) => m.eligibilityShow),
    },
    {
      path: 'community eligibility lock',
      summary: 'Lock eligibility: a new version of candidates and voters (organizer)',
      flags: ['--file=', '--confirm-all'],
      examples: ['hackathon community eligibility lock --file eligibility.json', 'hackathon community eligibility lock --confirm-all'],
      load: () => import('./eligibility/lock.ts').then((m) => m.eligibilityLock),
    },
    {
      path: 'community eligibility unlock',
      summary: 'Unlock eligibility before voting opens (organizer)',
      examples: ['hackathon community eligibility unlock'],
      load: () => import('./eligibility/unlock.ts').then((m) => m.eligibilityUnlock),
    },
    {
      path: 'community voting open',
      summary: 'Open voting once every candidate is ready (organizer)',
      examples: ['hackathon community voting open'],
      load: () => import('./voting/open.ts').then((m) => m.votingOpen),
    },
    {
      path: 'community voting close',
      summary: 'Close voting now (organizer)',
      flags: ['--yes'],
      examples: ['hackathon community voting close'],
      load: () => import('./voting/close.ts').then((m) => m.votingClose),
    },
    {
      path: 'community ballots list',
      summary: 'Every ballot without its ranking; the read is audited (organizer)',
      examples: ['hackathon community ballots list'],
      load: () => import('./ballots/list.ts').then((m) => m.ballotsList),
    },
    {
      path: 'community ballots reads',
      summary: 'Who read the ballot list, newest first (owner or admin)',
      examples: ['hackathon community ballots reads'],
      load: () => import('./ballots/reads.ts').then((m) => m.ballotsReads),
    },
    {
      path: 'community ballots invalidate',
      summary: 'Invalidate a submitted ballot after the close (organizer)',
      flags: ['--reason=', '--yes'],
      examples: ['hackathon community ballots invalidate 2b1a0f9e-8d7c-4b6a-9e5d-4c3b2a1f0e9d --reason "Voter was on the jury"'],
      load: () => import('./ballots/invalidate.ts').then((m) => m.ballotsInvalidate),
    },
    {
      path: 'community results show',
      summary: 'Every results version with rows, ties, coverage and digest (organizer)',
      examples: ['hackathon community results show'],
      load: () => import('./results/show.ts').then((m) => m.resultsShow),
    },
    {
      path: 'community results calculate',
      summary: 'Calculate results once voting is closed (organizer)',
      examples: ['hackathon community results calculate'],
      load: () => import('./results/calculate.ts').then((m) => m.resultsCalculate),
    },
    {
      path: 'community results release',
      summary: 'Release a results version (organizer)',
      flags: ['--yes'],
      examples: ['hackathon community results release 2'],
      load: () => import('./results/release.ts').then((m) => m.resultsRelease),
    },
    {
      path: 'community results export',
      summary: 'Export the counted ballots of a version, for podium vote recount',
      flags: ['--output='],
      examples: ['hackathon community results export 2 --output results-v2.json'],
      load: () => import('./results/export.ts').then((m) => m.resultsExport),
    },
  ],
};
