// The dashboard's receipt store holds a bounded list whatever the event's size or length:
// after tens of thousands of receipts over 300 teams it keeps at most
// MAX_ROWS rows (the newest), at most PER_TEAM per team, and a bounded batch waiting for its
// flush. Unit-level: the store is fed `receipt.recorded` changes as the live bus hands them
// over and flushed by hand (the batch timer's work), so nothing here depends on time.
import test from 'ava';
import type { Receipt } from '../../core/wire/submissions.ts';
import { MAX_ROWS, mergeReceipts, PER_TEAM, ReceiptStore, type ReceiptRow } from '../../tui/receipts.ts';
import type { TuiSource } from '../../tui/source.ts';

const TEAMS = 300;

// Receipts come from the live changes only: the store must not read the wire for them.
const offline: TuiSource = {
  get: () => Promise.reject(new Error('the store read the wire')),
  send: () => Promise.reject(new Error('the store wrote to the wire')),
  follow: () => () => undefined,
};

const receipt = (sequence: number): Receipt => ({
  sequence, receivedAt: new Date(Date.UTC(2026, 10, 27, 12) + sequence * 10).toISOString(), kind: 'push', ref: 'refs/heads/main',
  sha: sequence.toString(16).padStart(40, 'a'), verdict: sequence % 7 === 0 ? 'refused' : 'accepted', refusal: sequence % 7 === 0 ? 'unknown_repository' : null, late: false, capture: null,
} as Receipt);
const recorded = (n: number, teams = TEAMS) => ({
  kind: 'receipt.recorded', id: String(n), payload: { team: { id: `t${n % teams}`, name: `Team ${n % teams}` }, repository: `org/team-${n % teams}`, receipt: receipt(n) },
});

function perTeamMax(rows: ReceiptRow[]): number {
  const n = new Map<string, number>();
  for (const r of rows) n.set(r.team!, (n.get(r.team!) ?? 0) + 1);
  return Math.max(0, ...n.values());
}

test('after 30,000 receipts over 300 teams the store holds the newest MAX_ROWS, at most PER_TEAM a team, newest first', (t) => {
  const store = new ReceiptStore(offline);
  const total = 30_000;
  let renders = 0;
  store.subscribe(() => renders++);
  for (let n = 1; n <= total; n++) {
    store.onLive(recorded(n) as never);
    if (n % 100 === 0) store.flush(); // a batch of 100: a second of deadline traffic
    t.true(store.rows.length <= MAX_ROWS);
  }
  store.flush();
  t.is(store.rows.length, MAX_ROWS);
  t.true(perTeamMax(store.rows) <= PER_TEAM);
  t.deepEqual(store.rows.map((r) => r.receipt.sequence), Array.from({ length: MAX_ROWS }, (_, i) => total - i), 'the newest, in order');
  t.is(renders, total / 100, 'one render per batch');
  store.stop();
});

test('the batch waiting for its flush is bounded too, and its newest receipts are the ones kept', (t) => {
  const store = new ReceiptStore(offline);
  for (let n = 1; n <= 5 * MAX_ROWS; n++) {
    store.onLive(recorded(n) as never);
    t.true(store.pendingCount <= MAX_ROWS);
  }
  store.flush();
  t.is(store.pendingCount, 0);
  t.is(store.rows[0]!.receipt.sequence, 5 * MAX_ROWS);
  t.is(store.rows.length, MAX_ROWS);
  store.stop();
});

test('one busy team keeps its last PER_TEAM receipts; the one-receipt path and the batch path agree', (t) => {
  const one = new ReceiptStore(offline);
  for (let n = 1; n <= 2_000; n++) {
    one.onLive(recorded(n, 1) as never);
    one.flush(); // one receipt per batch: the prepend path
  }
  t.is(one.rows.length, PER_TEAM);
  t.deepEqual(one.rows.map((r) => r.receipt.sequence), Array.from({ length: PER_TEAM }, (_, i) => 2_000 - i));
  const rows = Array.from({ length: 2_000 }, (_, i) => ({ team: 'Team 0', repository: null, receipt: receipt(i + 1) }));
  t.deepEqual(mergeReceipts([], rows).map((r) => r.receipt.sequence), one.rows.map((r) => r.receipt.sequence));
  // Both paths bound the whole list, not only each team.
  const many = Array.from({ length: 5_000 }, (_, i) => ({ team: `Team ${i % TEAMS}`, repository: null, receipt: receipt(i + 1) }));
  let live: ReceiptRow[] = [];
  for (const r of many) live = mergeReceipts(live, [r]);
  t.is(live.length, MAX_ROWS);
  t.deepEqual(live.map((r) => r.receipt.sequence), mergeReceipts([], many).map((r) => r.receipt.sequence));
  one.stop();
});

test('every verdict comes as receipt.recorded (accepted, late, refused); a team chat activity item is never turned into a receipt', (t) => {
  const store = new ReceiptStore(offline);
  const team = { id: 't1', name: 'Rocket' };
  const base = receipt(1);
  store.onLive({ kind: 'receipt.recorded', id: '1', payload: { team, repository: 'org/rocket', receipt: { ...base, sequence: 1, verdict: 'accepted', refusal: null, late: false } } } as never);
  store.onLive({ kind: 'receipt.recorded', id: '2', payload: { team, repository: 'org/rocket', receipt: { ...base, sequence: 2, verdict: 'accepted', refusal: null, late: true } } } as never);
  store.onLive({ kind: 'receipt.recorded', id: '3', payload: { team: null, repository: 'org/nope', receipt: { ...base, sequence: 3, verdict: 'refused', refusal: 'unknown_repository', late: false } } } as never);
  // The same accepted push as its team chat item: another consumer's change, ignored here (no chat list read either: the source is offline).
  store.onLive({ kind: 'post.created', id: '4', payload: { channelId: 'c1', post: { kind: 'push', at: base.receivedAt, activity: { sequence: 1, sha: base.sha, ref: 'refs/heads/main', late: false } } } } as never);
  store.flush();
  t.deepEqual(store.rows.map((r) => [r.receipt.sequence, r.team, r.receipt.verdict, r.receipt.late]), [[3, null, 'refused', false], [2, 'Rocket', 'accepted', true], [1, 'Rocket', 'accepted', false]]);
  store.stop();
});
