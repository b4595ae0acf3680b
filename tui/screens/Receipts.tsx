// 2 Receipts: webhook receipts as they arrive, newest first, per team the last 50; refused
// deliveries marked and highlighted; `/` filters by team. Live, an accepted push or pull
// request of a team comes as its team chat activity item (`post.created` of kind push or
// pull_request: organizers read every team chat) and every other receipt as
// `receipt.recorded` (docs/WIRE.md, "Live event kinds"). Before the first live one it shows
// what the wire already holds: each team's last received revision and the newest refused
// and late deliveries.
import { Box, Text } from 'ink';
import { useEffect, useRef, useState } from 'react';
import type { ChannelList, PullRequestActivity, PushActivity, Post } from '../../core/wire/chats.ts';
import type { Receipt, SubmissionFailures, Submissions } from '../../core/wire/submissions.ts';
import { clip, short } from '../format.ts';
import { useLiveEvents } from '../hooks/use-live.ts';
import { useList, windowOf } from '../hooks/use-list.ts';
import { useTui } from '../hooks/use-tui.ts';
import type { ScreenProps } from './screen.ts';

export interface ReceiptRow {
  team: string | null;
  repository: string | null;
  receipt: Receipt;
}

/** `receipt.recorded` payload (docs/WIRE.md, "Live event kinds"). */
export interface ReceiptRecorded {
  team: { id: string; name: string } | null;
  repository: string | null;
  receipt: Receipt;
}

export const PER_TEAM = 50;
const FLUSH_MS = 100;

const teamKey = (r: ReceiptRow) => r.team ?? `repo:${r.repository ?? ''}`;

/**
 * Adds rows (any order) to a newest-first list: one row per sequence, at most 50 per team.
 * The live case (one receipt newer than every row) is a prepend and at most one removal.
 */
export function mergeReceipts(rows: ReceiptRow[], more: ReceiptRow[]): ReceiptRow[] {
  if (more.length === 1 && (rows.length === 0 || more[0]!.receipt.sequence > rows[0]!.receipt.sequence)) {
    const r = more[0]!;
    const k = teamKey(r);
    let n = 1;
    let last = -1;
    for (let i = 0; i < rows.length; i++) {
      if (teamKey(rows[i]!) === k) {
        n++;
        last = i;
      }
    }
    const next = [r, ...rows];
    if (n > PER_TEAM) next.splice(last + 1, 1);
    return next;
  }
  const bySeq = new Map(rows.map((r) => [r.receipt.sequence, r]));
  for (const r of more) bySeq.set(r.receipt.sequence, r);
  const sorted = [...bySeq.values()].sort((a, b) => b.receipt.sequence - a.receipt.sequence);
  const perTeam = new Map<string, number>();
  return sorted.filter((r) => {
    const k = teamKey(r);
    const n = (perTeam.get(k) ?? 0) + 1;
    perTeam.set(k, n);
    return n <= PER_TEAM;
  });
}

/** An accepted push or pull request, from its activity item in the team's chat (null for any other post). */
export function receiptOfActivity(post: Post, team: string | null): ReceiptRow | null {
  if ((post.kind !== 'push' && post.kind !== 'pull_request') || !post.activity) return null;
  const a = post.activity as PushActivity | PullRequestActivity;
  return {
    team,
    repository: null,
    receipt: {
      sequence: a.sequence, receivedAt: post.at, kind: post.kind, ref: a.ref ?? null, sha: a.sha ?? null,
      verdict: 'accepted', refusal: null, late: 'late' in a ? a.late : false, capture: null,
    },
  };
}

export function receiptLine(r: ReceiptRow, width: number): string {
  const rc = r.receipt;
  const verdict = rc.verdict === 'accepted' ? 'accepted' : `refused ${rc.refusal}`;
  const mark = rc.verdict === 'refused' ? '✗' : '✓';
  const line = `${mark} #${rc.sequence} ${rc.receivedAt.slice(11, 19)} ${r.team ?? r.repository ?? '(no team)'} ${short(rc.sha)} ${verdict}${rc.late ? ' LATE' : ''}`;
  return clip(line, width);
}

export function Receipts({ active, height, width }: ScreenProps) {
  const { source, theme } = useTui();
  const [rows, setRows] = useState<ReceiptRow[]>([]);
  // Team chat id -> team name, for the activity items (read again when a new chat shows up).
  const chats = useRef<Map<string, string>>(new Map());
  const readChats = () =>
    source.get<ChannelList>('/api/v1/event/chats').then((l) => {
      for (const c of l.items) if (c.kind === 'team' && c.team) chats.current.set(c.id, c.team.name);
    });
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    let alive = true;
    void readChats().catch(() => undefined);
    void Promise.all([source.get<Submissions>('/api/v1/submissions'), source.get<SubmissionFailures>('/api/v1/submissions/failures')]).then(
      ([subs, failures]) => {
        if (!alive) return;
        const seed: ReceiptRow[] = [
          ...subs.items.filter((t) => t.lastReceived).map((t) => ({ team: t.project.name, repository: t.repository?.fullName ?? null, receipt: t.lastReceived! })),
          ...[...failures.refused, ...failures.late].map(({ repository, ...receipt }) => ({
            team: subs.items.find((t) => t.repository && repository && t.repository.fullName.toLowerCase() === repository.toLowerCase())?.project.name ?? null,
            repository,
            receipt,
          })),
        ];
        setRows((now) => mergeReceipts(now, seed));
        setLoaded(true);
      },
      () => alive && setLoaded(true),
    );
    return () => void (alive = false);
  }, [source]);

  // Receipts come in bursts (a hundred a second at a hackathon's deadline): they are held for
  // up to FLUSH_MS and drawn together, one render per batch instead of one per receipt.
  const pending = useRef<ReceiptRow[]>([]);
  const timer = useRef<NodeJS.Timeout | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const take = (r: ReceiptRow) => {
    pending.current.push(r);
    timer.current ??= setTimeout(() => {
      timer.current = null;
      const batch = pending.current;
      pending.current = [];
      setRows((now) => batch.reduce((acc, r) => mergeReceipts(acc, [r]), now));
    }, FLUSH_MS);
  };
  useLiveEvents(['receipt.recorded', 'post.created'], (e) => {
    if (e.kind === 'receipt.recorded') {
      const p = e.payload as ReceiptRecorded;
      return take({ team: p.team?.name ?? null, repository: p.repository, receipt: p.receipt });
    }
    const { channelId, post } = e.payload as { channelId: string; post: Post };
    if (post.kind !== 'push' && post.kind !== 'pull_request') return;
    const team = chats.current.get(channelId);
    if (team !== undefined) return void take(receiptOfActivity(post, team)!);
    void readChats().then(
      () => take(receiptOfActivity(post, chats.current.get(channelId) ?? null)!),
      () => take(receiptOfActivity(post, null)!),
    );
  });

  const list = useList(rows, (r) => r.team ?? r.repository ?? '', { active });
  const { visible, start } = windowOf(list.rows, list.selected, Math.max(1, height - 2));
  const refused = list.rows.filter((r) => r.receipt.verdict === 'refused').length;
  return (
    <Box flexDirection="column">
      <Text bold>
        Receipts ({list.rows.length}
        {list.filter ? ` for "${list.filter}"` : ''}, {refused} refused){list.filtering ? `  filter: ${list.filter}▏` : ''}
      </Text>
      {!loaded && rows.length === 0 ? <Text>Loading receipts…</Text> : null}
      {loaded && list.rows.length === 0 ? <Text>No receipts yet{list.filter ? ' for this filter' : ''}</Text> : null}
      {visible.map((r, i) => {
        const bad = r.receipt.verdict === 'refused';
        return (
          <Text key={r.receipt.sequence} inverse={active && start + i === list.selected} bold={bad} color={bad ? theme.bad : r.receipt.late ? theme.warn : undefined}>
            {receiptLine(r, width)}
          </Text>
        );
      })}
    </Box>
  );
}
