// event github-check's live read of the code host (also the plan's live conflicts): the app
// on the organization, whose the organization and template are, the template and its
// branch, each problem its own sentence.
import type { EventOwnership } from './ownership.ts';
import type { CodeHost } from './types.ts';

export interface CheckOptions {
  /** The event's ownership: who holds the organization and the template (core/codehost/ownership.ts). */
  ownership?: EventOwnership;
  /** Where the template is pushed (the local host): named by the missing-branch sentence. */
  pushUrl?: string;
}

export interface CodeHostCheck {
  templateRevision: string | null;
  problems: string[];
  /** Where to push the template: set only when its branch is missing on the local host. */
  templatePushUrl: string | null;
}

/** The app on the organization alone (no event): installed, not installed, or the host's reason. */
async function installationProblems(host: CodeHost, organization: string | null, template: string | null) {
  const problems: string[] = [];
  if (!organization) return { problems, readTemplate: true };
  const installed = await host.appInstalled(organization).catch((err: Error) => err);
  if (installed instanceof Error) problems.push(`The code host could not check the app on the organization ${organization}: ${installed.message}`);
  else if (!installed) problems.push(`The GitHub App is not installed on the organization ${organization}`);
  // A template in the organization the app cannot act on is not read again (the same cause).
  const sameOwner = template !== null && template.split('/')[0]!.toLowerCase() === organization.toLowerCase();
  return { problems, readTemplate: installed === true || !sameOwner };
}

/**
 * The code host read live, each problem distinct: the app not installed on the organization
 * (or the host not answering about it), the organization or template another workspace's
 * (never read then), the template not reachable (the host's reason), the template's branch
 * missing (with the URL to push it to on the local host).
 */
export async function codeHostProblems(host: CodeHost, organization: string | null, template: string | null, branch: string, opts: CheckOptions = {}): Promise<CodeHostCheck> {
  const { problems, readTemplate } = opts.ownership
    ? await opts.ownership.problems(organization, template)
    : await installationProblems(host, organization, template);
  if (!template || !readTemplate) return { templateRevision: null, problems, templatePushUrl: null };
  const head = await host.branchHead(template, branch).catch((err: Error) => err);
  if (head instanceof Error) {
    problems.push(`The template ${template} is not reachable on the code host: ${head.message}`);
    return { templateRevision: null, problems, templatePushUrl: null };
  }
  if (!head) {
    problems.push(`The template ${template} has no branch ${branch} on the code host${opts.pushUrl
      ? `: push it with git push ${opts.pushUrl} ${branch} (your hck_ key is the password)`
      : ''}`);
  }
  return { templateRevision: head, problems, templatePushUrl: !head && opts.pushUrl ? opts.pushUrl : null };
}
