import { createHash } from 'node:crypto';
// The code host behind one interface: `local` (bare repositories inside Podium, served over
// git's smart HTTP by the API) and `github` (a GitHub App through the REST API).
export type Permission = 'maintain' | 'read';
export type Standing = 'none' | 'invited' | 'member';

export interface CodeHost {
  readonly kind: 'local' | 'github';
  /**
   * Whether the app can act on `organization`, read live (event github-check): false when it
   * is not installed there; a refusal or an unreachable host throws a CodeHostError.
   */
  appInstalled(organization: string): Promise<boolean>;
  /** The head revision of a branch of a repository, or null when there is no such branch. */
  branchHead(fullName: string, branch: string): Promise<string | null>;
  /** Creates `fullName` as a copy of the template's branch; an existing repository is kept. */
  createFromTemplate(template: string, fullName: string, branch: string): Promise<{ created: boolean; sha: string }>;
  /** Invites a code-host account (its login) at a permission; an existing grant is kept. */
  invite(fullName: string, login: string, permission: Permission): Promise<void>;
  /**
   * Invites each grant in order, as `invite` one by one would (a later grant of the same
   * account wins); throws for the first login with no account, after the others are invited.
   */
  inviteAll(fullName: string, grants: { login: string; permission: Permission }[]): Promise<void>;
  /** Where `login` stands on `fullName`, read live. */
  standing(fullName: string, login: string): Promise<Standing>;
  /** The standings of several logins on `fullName`, in their order, read live. */
  standings(fullName: string, logins: string[]): Promise<Standing[]>;
  /**
   * Takes `login`'s access to `fullName` away: removes the collaborator and cancels a pending
   * invitation. Idempotent: nothing to remove is not an error (roster removal, codehost__revoke_access).
   */
  revoke(fullName: string, login: string): Promise<void>;
  /** Whether `login` may push to `fullName`, read live (a member invited at read may not). */
  canPush(fullName: string, login: string): Promise<boolean>;
  /** Writes `git archive --format=tar.gz <sha>` of exactly that commit to `outFile`. */
  archive(fullName: string, sha: string, outFile: string): Promise<void>;
  /** The history of `sha` (it first), newest first, at most `limit` commits. */
  commits(fullName: string, sha: string, limit: number): Promise<CommitRecord[]>;
}

/** One commit of a history. Authors are counted, never named: `author` is an opaque key. */
export interface CommitRecord {
  sha: string;
  author: string;
  at: string; // ISO instant of the author date
  subject: string;
  committedAt?: string; // ISO instant of the committer date
  parents?: string[];
  /** Files and lines changed (the local host reads them; GitHub's list does not say). */
  files?: number;
  added?: number;
  deleted?: number;
}

/** The opaque key of an author: their address normalized as app_private.normalize_email does
 *  (trimmed, ASCII A-Z lower-cased, every other character as typed), sha256, 16 hex digits.
 *  Counts people without naming them; generation_job_begin keys roster names the same
 *  way so a deck names a commit author by the team's roster name. */
export function authorKey(email: string): string {
  const normalized = email.replace(/^ +| +$/g, '').replace(/[A-Z]/g, (c) => c.toLowerCase());
  return createHash('sha256').update(normalized, 'utf8').digest('hex').slice(0, 16);
}

export class CodeHostError extends Error {
  constructor(
    readonly code: 'not_found' | 'refused' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

/** `owner/repo` as the code hosts accept it (GitHub's rules: owner 1-39, repo 1-100). */
export const FULL_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}\/[A-Za-z0-9._-]{1,100}$/;

export function checkFullName(fullName: string): void {
  const repo = fullName.split('/')[1] ?? '';
  if (!FULL_NAME.test(fullName) || repo === '.' || repo === '..' || repo.endsWith('.git')) {
    throw new CodeHostError('not_found', `"${fullName}" is not an owner/repository name`);
  }
}
