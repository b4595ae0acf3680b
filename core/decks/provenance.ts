// Where the code came from: a jury's first question, "was this built here?",
// answered from what the server holds, never from what the team says of itself. Author dates
// are set by whoever commits, so a commit "dated in the event window" is said as such; what
// confirms it is the server's own push receipts (when each push arrived, and which commits of
// the frozen history it brought). Then the commits dated before the event began (author or
// committer date), the template revision's share of the tree, licence lines naming a holder
// not on the team's roster, and a module path, repository field or clone line naming another
// repository. Every claim cites a commit, a file line or a push receipt.
import { parseJsonDoc, VENDORED_DIR, type Manifest } from './manifests.ts';
import type { Citation, Claim, CommitInfo, GenerateInput, PushReceipt } from './types.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const quote = (s: string) => `"${s}"`;
/** An instant as a juror reads it: minutes, UTC. */
export const instant = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const day = (iso: string) => iso.slice(0, 10);
const noEmails = (s: string) => s.replace(/[^\s<>()]+@[^\s<>()]+/g, '[address]');

/** The history as a graph: what a revision reaches (itself and its ancestors) among the
 *  commits the code host answered. Without parents (an older driver), the history is read as
 *  the line it was listed in, newest first. */
export class History {
  readonly bySha: Map<string, CommitInfo>;
  private readonly index: Map<string, number>;
  private readonly graph: boolean;
  constructor(readonly commits: CommitInfo[]) {
    this.bySha = new Map(commits.map((k) => [k.sha, k]));
    this.index = new Map(commits.map((k, i) => [k.sha, i]));
    this.graph = commits.length > 0 && commits.every((k) => Array.isArray(k.parents));
  }
  has(sha: string | null | undefined): sha is string {
    return !!sha && this.bySha.has(sha);
  }
  /** What `sha` reaches, not walking past a commit in `stop` (nor counting it). */
  reach(sha: string | null | undefined, stop: ReadonlySet<string> = new Set()): Set<string> {
    const out = new Set<string>();
    const stack = this.has(sha) ? [sha] : [];
    while (stack.length) {
      const s = stack.pop()!;
      if (out.has(s) || stop.has(s)) continue;
      const k = this.bySha.get(s);
      if (!k) continue;
      out.add(s);
      if (!this.graph) {
        const next = this.commits[this.index.get(s)! + 1];
        if (next) stack.push(next.sha);
      } else for (const p of k.parents ?? []) if (!out.has(p)) stack.push(p);
    }
    return out;
  }
}

export interface Arrival {
  receipt: PushReceipt;
  /** The commits of the frozen history this push brought first (the template's left out). */
  brought: CommitInfo[];
}

/** The commits the repository was created with: the template revision's history when the
 *  code host copied it (the local host), else (GitHub's "use this template" starts from one
 *  fresh commit, not the template's sha) the single commit the team's first recorded push
 *  moved the branch from, in a repository the server created from the template. */
export function templateCommits(input: GenerateInput, h: History): Set<string> {
  const copied = h.reach(input.templateSha ?? null);
  if (copied.size || !input.templateSha) return copied;
  const created = h.reach(input.pushes?.[0]?.before ?? null);
  return created.size === 1 ? created : new Set();
}

/** The team's own commits (the template's left out), newest first. */
export function teamCommits(input: GenerateInput, h: History): CommitInfo[] {
  const template = templateCommits(input, h);
  return h.commits.filter((k) => !template.has(k.sha));
}

/** What each push receipt brought of the frozen history, in receipt order; pushes that
 *  brought nothing of it (a later force-push, a branch reset) are left out. */
export function arrivals(input: GenerateInput, h: History): Arrival[] {
  // each walk stops at what an earlier push brought (or the template, or what came before a
  // push without a receipt): every commit is visited once, however many pushes there are
  const seen = templateCommits(input, h);
  const out: Arrival[] = [];
  for (const r of input.pushes ?? []) {
    for (const s of h.reach(r.before, seen)) seen.add(s);
    const brought = h.reach(r.sha, seen);
    for (const s of brought) seen.add(s);
    if (brought.size) out.push({ receipt: r, brought: [...brought].map((s) => h.bySha.get(s)!).sort((a, b) => b.at.localeCompare(a.at)) });
  }
  return out;
}

const earliest = (k: CommitInfo) => (k.committedAt && k.committedAt < k.at ? k.committedAt : k.at);

function arrivalClaims(input: GenerateInput, mine: CommitInfo[], got: Arrival[]): Claim[] {
  const out: Claim[] = [];
  const start = Date.parse(input.window.startsAt);
  const freeze = Date.parse(input.window.freezeAt);
  const dated = mine.filter((k) => Date.parse(k.at) >= start && Date.parse(k.at) <= freeze);
  if (!got.length) {
    if (dated.length) {
      out.push({ text: `${plural(dated.length, 'commit')} dated in the event window (author dates, set by the team); no push receipt of the server confirms when they arrived`, cite: { commit: dated[0]!.sha } });
    }
    return out;
  }
  const early = (a: Arrival) => (Date.parse(a.receipt.receivedAt) < start ? ' (before the event began)' : '');
  const oldest = (ks: CommitInfo[]) => ks.reduce((a, b) => (a.at <= b.at ? a : b));
  const all = got.reduce((n, a) => n + a.brought.length, 0);
  if (got.length === 1 && all === mine.length) {
    const a = got[0]!;
    out.push({ text: `The whole history arrived in one push at ${instant(a.receipt.receivedAt)}${early(a)}: ${plural(all, 'commit')}, dated from ${day(oldest(a.brought).at)} (author dates)`, cite: { receipt: a.receipt.sequence } });
  } else {
    const first = got[0]!;
    const last = got[got.length - 1]!;
    const sizes = got.map((a) => a.brought.length);
    const [lo, hi] = [Math.min(...sizes), Math.max(...sizes)];
    const each = sizes.length <= 8 ? `${sizes.join(', ')} commits` : lo === hi ? `${lo} commits each` : `${lo} to ${hi} commits each`;
    out.push({ text: `${plural(all, 'commit')} arrived in ${plural(got.length, 'push', 'pushes')} between ${instant(first.receipt.receivedAt)}${early(first)} and ${instant(last.receipt.receivedAt)}${early(last)}, bringing ${each}`, cite: { receipt: first.receipt.sequence } });
    const biggest = got.reduce((a, b) => (b.brought.length > a.brought.length ? b : a));
    if (got.length > 1 && biggest.brought.length > all / 2 && all > 2) {
      out.push({ text: `The largest push, at ${instant(biggest.receipt.receivedAt)}, brought ${biggest.brought.length} of the ${all} commits, dated from ${day(oldest(biggest.brought).at)}`, cite: { receipt: biggest.receipt.sequence } });
    }
  }
  // a commit dated after the push that brought it arrived: its date was set, not recorded
  const late = got.flatMap((a) => a.brought.filter((k) => Date.parse(k.at) > Date.parse(a.receipt.receivedAt) + 60_000).map((k) => ({ k, a })));
  if (late.length) {
    const { k, a } = late[0]!;
    out.push({ text: `${plural(late.length, 'commit')} ${late.length === 1 ? 'is' : 'are'} dated after the push that brought ${late.length === 1 ? 'it' : 'them'} arrived (the first, ${quote(noEmails(k.subject))}, dated ${instant(k.at)}, came in the push at ${instant(a.receipt.receivedAt)}): author dates are set by whoever commits`, cite: { receipt: a.receipt.sequence } });
  }
  const brought = new Set(got.flatMap((a) => a.brought.map((k) => k.sha)));
  const unseen = mine.filter((k) => !brought.has(k.sha));
  if (unseen.length) {
    out.push({ text: `${plural(unseen.length, 'commit')} of the frozen history came with no push receipt of the event (pushed before it was set up, or another way)`, cite: { commit: unseen[0]!.sha } });
  }
  return out;
}

function datedClaims(input: GenerateInput, mine: CommitInfo[], confirmed: boolean): Claim[] {
  if (!mine.length) return [];
  const start = Date.parse(input.window.startsAt);
  const before = mine.filter((k) => Date.parse(earliest(k)) < start);
  if (before.length) {
    const old = before.reduce((a, b) => (earliest(a) <= earliest(b) ? a : b));
    const which = Date.parse(old.at) < start ? 'author date' : 'committer date';
    return [{ text: `${before.length} of ${plural(mine.length, 'commit')} ${before.length === 1 ? 'is' : 'are'} dated before the event began (${day(input.window.startsAt)}); the oldest, ${quote(noEmails(old.subject))}, on ${day(earliest(old))} (${which})`, cite: { commit: old.sha } }];
  }
  // without receipts the arrival claim already says it: dated in the window, on the team's word
  return confirmed ? [{ text: `None of the ${plural(mine.length, 'commit')} is dated before the event began (author and committer dates, set by the team)`, cite: { commit: mine[0]!.sha } }] : [];
}

/** The template revision's share of the tree: files whose text is the template's exactly. */
function templateShare(input: GenerateInput, h: History): Claim[] {
  const t = input.templateEvidence;
  const tsha = input.templateSha;
  if (!t || !tsha) return [];
  const ev = input.evidence;
  const cite: Citation = { commit: h.has(tsha) ? tsha : input.sha };
  let same = 0;
  let sameBytes = 0;
  for (const p of ev.paths()) {
    const f = ev.get(p)!;
    if (f.text !== null && t.get(p)?.text === f.text) {
      same++;
      sameBytes += f.size;
    }
  }
  const total = ev.files.size;
  const rev = tsha.slice(0, 12);
  if (total && same === total) return [{ text: `The whole tree is the event template's revision ${rev}, unchanged (${plural(total, 'file')}): the team added nothing`, cite }];
  if (!same) return [{ text: `No file is left as the event template's revision ${rev} had it`, cite }];
  const pct = Math.round((100 * sameBytes) / Math.max(1, ev.totalBytes));
  return [{ text: `${same} of ${plural(total, 'file')} (${pct}% of the bytes) are the event template's revision ${rev}, unchanged`, cite }];
}

const LICENCE_FILE = /(^|\/)(licen[cs]e|copying|notice)([.-][\w.-]+)?$/i;
const COPYRIGHT = /\bcopyright\b\s*(?:\(c\)|©)?\s*(?:\d{4}(?:\s*[-–,]\s*\d{4})*)?\s*(.*)$/i;

/** Licence and copyright lines naming a holder that is neither the team nor a roster name. */
function licenceClaims(input: GenerateInput, own: (path: string) => boolean): Claim[] {
  const ev = input.evidence;
  const names = [input.team, ...(input.roster ?? []).map((r) => r.name)].map((n) => n.trim().toLowerCase()).filter((n) => n.length >= 2);
  const out: Claim[] = [];
  for (const p of ev.paths().filter((x) => LICENCE_FILE.test(x) && !VENDORED_DIR.test(x)).sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))) {
    if (!own(p)) continue;
    const lines = ev.lines(p) ?? [];
    for (let i = 0; i < Math.min(lines.length, 400); i++) {
      const l = lines[i]!.trim();
      const m = COPYRIGHT.exec(l);
      // a holder named after the years; template placeholders ("[year] [fullname]") name no one
      const holder = m?.[1]?.replace(/^(by|the)\s+/i, '').replace(/[.,;]+$/, '').trim() ?? '';
      if (!m || !/\d{4}|\(c\)|©/i.test(l) || !/[A-Za-z]{2}/.test(holder) || /[[<{]/.test(holder) || /^(notice|holders?|owner)\b/i.test(holder)) continue;
      const lower = holder.toLowerCase();
      if (names.some((n) => lower.includes(n))) continue;
      out.push({ text: `${p} reads ${quote(l.length > 120 ? `${l.slice(0, 119)}…` : l)}: a holder who is not the team or a name on its roster`, cite: { path: p, start: i + 1, end: i + 1 } });
      break;
    }
    if (out.length >= 2) break;
  }
  return out;
}

/** owner/name of a GitHub, GitLab or Bitbucket address, lower-cased; null for anything else. */
function repoOf(s: string): string | null {
  const m = /(?:github\.com|gitlab\.com|bitbucket\.org)[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?(?:[/#?\s"')]|$)/i.exec(s);
  return m ? `${m[1]}/${m[2]}`.toLowerCase() : null;
}

/** A module path, a manifest's repository field or a README's clone line naming another repository. */
function elsewhereClaims(input: GenerateInput, manifests: Manifest[], own: (path: string) => boolean): Claim[] {
  const ev = input.evidence;
  const team = input.repository?.toLowerCase() ?? null;
  const other = (r: string | null): r is string => !!r && r !== team && !(team && r.endsWith(`/${team.split('/')[1]}`) && r.split('/')[0] === team.split('/')[0]);
  const out: Claim[] = [];
  for (const m of manifests) {
    if (VENDORED_DIR.test(m.path) || !own(m.path)) continue;
    if (m.kind === 'go.mod' && m.name && other(repoOf(m.name.value))) {
      out.push({ text: `${m.path} declares the module ${m.name.value}, a repository other than this team's`, cite: { path: m.path, start: m.name.start, end: m.name.end } });
    }
    if (m.kind === 'package.json') {
      try {
        const doc = parseJsonDoc(ev.get(m.path)!.text!);
        const r = (doc.value as { repository?: unknown })?.repository;
        const url = typeof r === 'string' ? r : typeof (r as { url?: unknown })?.url === 'string' ? (r as { url: string }).url : null;
        const span = doc.at(['repository']);
        const named = url && (repoOf(url) ?? (/^(github:)?[\w.-]+\/[\w.-]+$/.test(url) ? url.replace(/^github:/, '').toLowerCase() : null));
        if (url && span && other(named ?? null)) {
          out.push({ text: `${m.path} names its repository ${quote(url)}${m.name ? ` for the package ${quote(m.name.value)}` : ''}, a repository other than this team's`, cite: { path: m.path, start: span.start, end: span.end } });
        }
      } catch {
        // a manifest that does not parse is a finding of facts.ts, not a claim here
      }
    }
  }
  const readme = ev.paths().filter((p) => /^readme(\.(md|markdown|txt|rst))?$/i.test(p) && ev.lines(p))[0];
  if (readme && own(readme)) {
    const lines = ev.lines(readme)!;
    for (let i = 0; i < lines.length; i++) {
      if (!/\bgit\s+clone\b|\bgo\s+(get|install)\b/.test(lines[i]!)) continue;
      const r = repoOf(lines[i]!);
      if (other(r)) {
        out.push({ text: `${readme} tells how to get it from ${r}, a repository other than this team's`, cite: { path: readme, start: i + 1, end: i + 1 } });
        break;
      }
    }
  }
  return out.slice(0, 2);
}

/** The provenance screen's claims, most telling first. Empty when the history is unknown and
 *  nothing else is found (the screen then says the code host did not answer). */
export function provenance(input: GenerateInput, manifests: Manifest[]): Claim[] {
  const out: Claim[] = [];
  if (input.commits) {
    const h = new History(input.commits);
    const mine = teamCommits(input, h);
    const got = arrivals(input, h);
    out.push(...arrivalClaims(input, mine, got), ...datedClaims(input, mine, got.length > 0));
    out.push(...templateShare(input, h));
  } else {
    out.push({ text: 'The code host did not answer for the commit history: when the code was written and pushed is not shown', unverified: true });
  }
  // the template's own files (its licence, its README) are its, said by the share above
  const t = input.templateEvidence;
  const own = (p: string) => !t || t.get(p)?.text == null || t.get(p)!.text !== input.evidence.get(p)?.text;
  out.push(...licenceClaims(input, own), ...elsewhereClaims(input, manifests, own));
  return out;
}
