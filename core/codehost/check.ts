// event github-check's live read of the code host (also the plan's live conflicts): the app
// on the organization, the template and its branch, each problem its own sentence.
import type { CodeHost } from './types.ts';

/**
 * The code host read live, each problem distinct: the app not installed on the organization
 * (or the host not answering about it), the template not reachable (the host's reason), the
 * template's branch missing. A template in the organization the app cannot act on is not read
 * again (the same cause); the branch sentence also covers a template repository that does not exist.
 */
export async function codeHostProblems(host: CodeHost, organization: string | null, template: string | null, branch: string): Promise<{ templateRevision: string | null; problems: string[] }> {
  const problems: string[] = [];
  let orgOk = true;
  if (organization) {
    const installed = await host.appInstalled(organization).catch((err: Error) => err);
    if (installed instanceof Error) problems.push(`The code host could not check the app on the organization ${organization}: ${installed.message}`);
    else if (!installed) problems.push(`The GitHub App is not installed on the organization ${organization}`);
    orgOk = installed === true;
  }
  if (!template) return { templateRevision: null, problems };
  if (!orgOk && organization && template.split('/')[0]!.toLowerCase() === organization.toLowerCase()) return { templateRevision: null, problems };
  const head = await host.branchHead(template, branch).catch((err: Error) => err);
  if (head instanceof Error) {
    problems.push(`The template ${template} is not reachable on the code host: ${head.message}`);
    return { templateRevision: null, problems };
  }
  if (!head) problems.push(`The template ${template} has no branch ${branch} on the code host`);
  return { templateRevision: head, problems };
}
