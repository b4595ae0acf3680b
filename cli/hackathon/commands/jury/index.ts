// `hackathon jury`: its verbs, registered without loading them (cli/lib/dispatch.ts).
import type { Noun } from '../../command.ts';

export const jury: Noun = {
  name: 'jury',
  summary: 'Jury judging: criteria, conflicts, assignments, scores and results',
  commands: [
    { path: 'jury criteria set', summary: 'Set the jury criteria from a file (organizer)', flags: ['--file='], examples: ['hackathon jury criteria set --file criteria.json'], load: () => import('./criteria/set.ts').then((m) => m.criteriaSet) },
    { path: 'jury criteria show', summary: 'Show the jury criteria, their weights and the scale', examples: ['hackathon jury criteria show'], load: () => import('./criteria/show.ts').then((m) => m.criteriaShow) },
    { path: 'jury conflicts add', summary: 'Declare a juror\'s conflict of interest with a team (organizer)', flags: ['--reason='], examples: ['hackathon jury conflicts add jo@acme.test Rocket --reason "mentored them"'], load: () => import('./conflicts/add.ts').then((m) => m.conflictsAdd) },
    { path: 'jury conflicts remove', summary: 'Withdraw a declared conflict (organizer)', examples: ['hackathon jury conflicts remove jo@acme.test Rocket'], load: () => import('./conflicts/remove.ts').then((m) => m.conflictsRemove) },
    { path: 'jury conflicts show', summary: 'List the jurors\' conflicts of interest (organizer)', examples: ['hackathon jury conflicts show'], load: () => import('./conflicts/show.ts').then((m) => m.conflictsShow) },
    { path: 'jury assign', summary: 'Assign jurors to teams: k per team, balanced, never a conflict (organizer)', flags: ['--per-team=', '--seed='], examples: ['hackathon jury assign --per-team 3 --seed 7'], load: () => import('./assign.ts').then((m) => m.juryAssign) },
    { path: 'jury assignments add', summary: 'Assign a juror to a team by hand (organizer)', examples: ['hackathon jury assignments add jo@acme.test Rocket'], load: () => import('./assignments/add.ts').then((m) => m.assignmentsAdd) },
    { path: 'jury assignments remove', summary: 'Take a jury assignment back (organizer)', examples: ['hackathon jury assignments remove jo@acme.test Rocket'], load: () => import('./assignments/remove.ts').then((m) => m.assignmentsRemove) },
    { path: 'jury assignments show', summary: 'List the jury assignments, loads and shortfall (organizer)', examples: ['hackathon jury assignments show'], load: () => import('./assignments/show.ts').then((m) => m.assignmentsShow) },
    { path: 'jury open', summary: 'Open judging now (organizer)', examples: ['hackathon jury open'], load: () => import('./open.ts').then((m) => m.juryOpen) },
    { path: 'jury close', summary: 'Close judging now (organizer)', flags: ['--yes'], examples: ['hackathon jury close'], load: () => import('./close.ts').then((m) => m.juryClose) },
    { path: 'jury progress', summary: 'Judging progress per team and per juror, who is late (organizer)', examples: ['hackathon jury progress'], load: () => import('./progress.ts').then((m) => m.juryProgress) },
    { path: 'jury score', summary: 'Score a team you are assigned to: save a draft or submit (juror)', flags: ['--score=', '--note=', '--submit', '--expected-revision='], examples: ['hackathon jury score Rocket --score "Impact=4" --score "Execution=5" --submit'], load: () => import('./score.ts').then((m) => m.juryScore) },
    { path: 'jury scores', summary: 'Your teams and your scores: drafts, submissions, notes (juror)', examples: ['hackathon jury scores'], load: () => import('./scores.ts').then((m) => m.juryScores) },
    { path: 'jury results calculate', summary: 'Calculate the jury result once judging closed (organizer)', flags: ['--method='], examples: ['hackathon jury results calculate --method rank'], load: () => import('./results/calculate.ts').then((m) => m.resultsCalculate) },
    { path: 'jury results show', summary: 'The jury results versions with rows, ties, coverage and digest', examples: ['hackathon jury results show'], load: () => import('./results/show.ts').then((m) => m.resultsShow) },
    { path: 'jury results release', summary: 'Release a jury results version (organizer)', examples: ['hackathon jury results release 1'], load: () => import('./results/release.ts').then((m) => m.resultsRelease) },
    { path: 'jury results export', summary: 'Export the counted scores of a version, for podium jury recount', flags: ['--output=', '--identities'], examples: ['hackathon jury results export 1 --output jury.json'], load: () => import('./results/export.ts').then((m) => m.resultsExport) },
  ],
};
