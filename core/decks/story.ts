// The build story: the commits of the build window as one row each (author date,
// the author's roster name or "someone else", subject, files and lines changed when the code
// host tells), with the server's push receipts as markers (when each arrived and how many
// commits it brought). render.ts draws it on an hour axis; validate.ts checks every row's
// commit is in the frozen history and every marker is one of the team's receipts.
import { arrivals, History } from './provenance.ts';
import type { ChartPush, ChartRow, CommitInfo, GenerateInput } from './types.ts';

/** The most rows a chart holds: the newest, when the event made more commits. */
export const CHART_ROWS = 40;
export const SOMEONE_ELSE = 'someone else';

const noEmails = (s: string) => s.replace(/[^\s<>()]+@[^\s<>()]+/g, '[address]');

/** `during`: the window's commits, newest first (as the history lists them). */
export function storyOf(input: GenerateInput, during: CommitInfo[]): { rows: ChartRow[]; pushes: ChartPush[] } {
  const names = new Map((input.roster ?? []).map((r) => [r.key, r.name]));
  const rows = during.slice(0, CHART_ROWS).reverse().map((k): ChartRow => ({
    sha: k.sha,
    at: k.at,
    who: names.get(k.author) ?? SOMEONE_ELSE,
    subject: noEmails(k.subject).slice(0, 200),
    ...(k.files !== undefined ? { files: k.files, added: k.added ?? 0, deleted: k.deleted ?? 0 } : {}),
  }));
  const from = Date.parse(input.window.startsAt);
  const to = Date.parse(input.window.freezeAt);
  const pushes = input.commits
    ? arrivals(input, new History(input.commits))
      .filter((a) => Date.parse(a.receipt.receivedAt) >= from && Date.parse(a.receipt.receivedAt) <= to)
      .map((a) => ({ sequence: a.receipt.sequence, at: a.receipt.receivedAt, commits: a.brought.length }))
    : [];
  return { rows, pushes };
}
