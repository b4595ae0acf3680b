// Answer shapes of the submission, provisioning and code-host routes (docs/WIRE.md,
// "Submissions and the code host"), as the clients read them. A neutral module: types only,
// no imports, so the server and the clients may both use it (the clients never import api/ or sql/).
// Shapes the live stream carries too are zod schemas, their types under the same names.
import * as z from 'zod';
import type { AccessRevocation } from './event.ts';

export interface ProjectRef {
  id: string;
  name: string;
}

export type Readiness = 'planned' | 'created' | 'invited' | 'ready' | 'attention' | 'unassigned';

/** A webhook delivery as recorded. */
export const Receipt = z.object({
  sequence: z.number(),
  receivedAt: z.string(),
  kind: z.enum(['push', 'pull_request', 'other']),
  ref: z.string().nullable(),
  sha: z.string().nullable(),
  verdict: z.enum(['accepted', 'refused']),
  refusal: z.string().nullable(),
  late: z.boolean(),
  /** The team's capture of this receipt's sha; null when none was asked. */
  capture: z.object({ state: z.enum(['captured', 'capturing', 'failed']), reason: z.string().nullable() }).nullable(),
});
export type Receipt = z.infer<typeof Receipt>;

/** An accepted push always names the revision it brought. */
export interface AcceptedPush extends Receipt {
  verdict: 'accepted';
  sha: string;
}

/** What was frozen for a team (or is being captured). */
export interface Frozen {
  sha: string | null;
  source: 'push' | 'template' | 'exception';
  state: 'capturing' | 'frozen' | 'missing' | 'error';
  frozenAt: string | null;
  /** `fileId`: the archive as a workspace file (`hackathon files download <fileId>`). */
  archive: { name: string; sha256: string; size: number; fileId: string | null } | null;
}

/** One team's submission (`GET /api/v1/submissions` items). */
export interface SubmissionTeam {
  project: ProjectRef;
  state: 'waiting' | 'capturing' | 'frozen' | 'missing' | 'error';
  repository: { fullName: string; branch: string; readiness: Readiness } | null;
  readiness: Readiness;
  lastReceived: AcceptedPush | null;
  frozen: Frozen | null;
  attention: string | null;
}

/** `GET /api/v1/submissions`: organizers see every team, a participant the own one. */
export interface Submissions {
  intake: string;
  serverTime: string;
  freezeAt: string;
  attentionCount: number;
  items: SubmissionTeam[];
}

/** An organizer's exception: a revision frozen in place of the captured one, or none. */
export type SubmissionException = {
  at: string;
  reason: string;
  previousSha: string | null;
  invalidateDecks: boolean;
  invalidateVoting: boolean;
} & ({ missing: true; sha: null } | { missing: false; sha: string });

/** `GET /api/v1/submissions/:projectId`. */
export interface SubmissionDetail extends SubmissionTeam {
  freezeAt: string;
  /** The last 50, newest first. */
  receipts: Receipt[];
  exceptions: SubmissionException[];
}

/** `POST /api/v1/submissions/:projectId/exception`. */
export type SubmissionExceptionRecorded = SubmissionException & { id: string; team: SubmissionTeam };

/** A receipt in the failures report, with the repository it named. */
export type ReceiptOfRepository = Receipt & { repository: string | null };

/** `GET /api/v1/submissions/failures` (100 newest of each). */
export interface SubmissionFailures {
  signatureFailures: { count: number; first: string | null; last: string | null; reason: string | null };
  attention: { project: ProjectRef; state: string; why: string | null }[];
  refused: ReceiptOfRepository[];
  late: ReceiptOfRepository[];
}

/** `POST /api/v1/submissions/reconcile`: counts after the freeze sweep. */
export interface Reconciled {
  at: string;
  selected: number;
  frozen: number;
  capturing: number;
  missing: number;
  errors: number;
}

export interface ProvisionPerson {
  email: string;
  login: string | null;
  permission: 'maintain' | 'read';
}

/** `GET /api/v1/admin/provision/plan`: `templateRevision` read live, null when missing. */
export interface ProvisionPlan {
  organization: string | null;
  template: string | null;
  branch: string;
  templateRevision: string | null;
  sample: ProjectRef | null;
  /** `repository` is null until the organization is set. */
  teams: { project: ProjectRef; repository: string | null; readiness: Readiness; members: ProvisionPerson[] }[];
  /** Advisors with a code-host username, invited at read on every repository. */
  coaches: ProvisionPerson[];
  /** One sentence each: advisors without a username (not invited; never a conflict). */
  notes: string[];
  /** One sentence each. */
  conflicts: string[];
}

/** `POST /api/v1/admin/provision` (202): the run started or resumed. */
export interface ProvisionStarted {
  key: string;
  state: 'running';
  sampleProjectId: string | null;
  startedAt: string;
  teams: number;
}

export interface ProvisionSummary {
  ready: number;
  invited: number;
  attention: number;
}

/** `GET /api/v1/admin/provision/runs/:key`: the summary is there once the run is done. */
export type ProvisionRun = {
  key: string;
  startedAt: string;
  teams: { project: ProjectRef; repository: string; readiness: Readiness; attention: string | null }[];
} & ({ state: 'done'; summary: ProvisionSummary; finishedAt: string } | { state: 'running' | 'failed'; summary: ProvisionSummary | null; finishedAt: string | null });

/** `GET /api/v1/event/github-check`: `ok` false when provisioning cannot run, each cause a sentence. */
export interface GithubCheck {
  ok: boolean;
  codeHost: 'local' | 'github';
  organization: string | null;
  template: string | null;
  branch: string;
  templateRevision: string | null;
  /** Where to push the template when its branch is missing on this instance's own code host; else null. */
  templatePushUrl: string | null;
  /** Every problem; a removed person still holding access (a pending revocation) is one. */
  problems: string[];
  /** What provisioning will leave out without refusing (advisors without a username). */
  notes: string[];
  /** The pending revocations (removed people whose access the code host still has to take away). */
  revocations: AccessRevocation[];
}
