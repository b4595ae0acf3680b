// 5 Vote: state and window, coverage growing as ballots arrive (live kind
// `vote.coverage`), ballots over time as a sparkline, results once calculated. Actions:
// `o` open the vote, `c` close it, `k` calculate results.
import { Box, Text, useInput } from 'ink';
import { useEffect, useState } from 'react';
import type { Eligibility } from '../../core/wire/community.ts';
import { buckets, clip, sparkline } from '../format.ts';
import { useLiveEvents } from '../hooks/use-live.ts';
import { useServerNow } from '../hooks/use-now.ts';
import { useRoute } from '../hooks/use-resource.ts';
import { callSource } from '../source.ts';
import { useTui } from '../hooks/use-tui.ts';
import type { ScreenProps } from './screen.ts';

/** `vote.coverage` payload (docs/WIRE.md, "Live event kinds"). */
export type { VoteCoverage } from '../../core/wire/live.ts';

export function Vote({ active, width, act }: ScreenProps) {
  const { theme, source, clock } = useTui();
  const now = useServerNow();
  const status = useRoute('GET /api/v1/community/status', {}, { kinds: ['vote.coverage'], refresh: true });
  const elig = useRoute('GET /api/v1/community/eligibility', {}, { refresh: true });
  const results = useRoute('GET /api/v1/community/results', {}, { refresh: true });
  // Ballots submitted (seeded from the ballot list, then from the live kind) and, once a live
  // change said so, the voters; until then the eligibility's voter count.
  const [submitted, setSubmitted] = useState<number | null>(null);
  const [liveVoters, setLiveVoters] = useState<number | null>(null);
  const [times, setTimes] = useState<number[]>([]);
  const state = status.data?.voteState;
  const counting = state === 'open' || state === 'closed';

  // The ballot list is read once (each read is recorded for the workspace's owners): it seeds
  // the coverage and the sparkline; the live kind moves them from there.
  useEffect(() => {
    if (!counting || submitted !== null) return;
    void callSource(source, 'GET /api/v1/community/ballots').then(
      (b) => {
        const done = b.items.filter((x) => x.state === 'submitted');
        setSubmitted((n) => n ?? done.length);
        setTimes((t) => [...t, ...done.map((x) => Date.parse(x.submittedAt ?? '')).filter(Number.isFinite)]);
      },
      () => undefined,
    );
  }, [counting, submitted, source]);

  useLiveEvents(['vote.coverage'], (e) => {
    const p = e.payload;
    setSubmitted(p.submitted);
    setLiveVoters(p.voters);
    // The ballot happened at p.at by the server's clock: never "in the future" of our estimate.
    clock.atLeast(p.at);
    if (p.change === 'submitted') setTimes((t) => [...t, Date.parse(p.at)]);
  });

  useInput(
    (input) => {
      if (input === 'o')
        act({
          question: 'Open the community vote now?',
          run: async () => {
            const r = await callSource(source, 'POST /api/v1/community/voting/open');
            status.reload();
            return r.alreadyOpen ? 'The vote was already open' : `Vote open until ${r.closesAt}`;
          },
        });
      if (input === 'c')
        act({
          question: 'Close the community vote now?',
          run: async () => {
            const r = await callSource(source, 'POST /api/v1/community/voting/close');
            status.reload();
            return `Voting closed at ${r.closedAt}`;
          },
        });
      if (input === 'k')
        act({
          question: 'Calculate the results now?',
          run: async () => {
            const r = await callSource(source, 'POST /api/v1/community/results');
            results.reload();
            return r.created ? `Calculated version ${r.version}` : `Version ${r.version} already holds this ballot set`;
          },
        });
    },
    { isActive: active },
  );

  if (status.error) return <Text bold color={status.error.code === 'vote_off' ? undefined : theme.bad}>{status.error.code === 'vote_off' ? 'The vote section is off (hackathon event vote --on).' : `! ${status.error.message}`}</Text>;
  const s = status.data;
  if (!s) return <Text>Loading the vote…</Text>;
  const e = elig.data;
  const voters = liveVoters ?? e?.counts.voters ?? null;
  const done = counting ? submitted : 0;
  const cov = done !== null && voters !== null ? { submitted: done, voters } : null;
  const pct = cov && cov.voters ? Math.round((cov.submitted / cov.voters) * 100) : 0;
  const latest = results.data?.items[0];
  // clock.now() rather than the ticking `now`: a live ballot may just have moved the estimate.
  const spark = sparkline(buckets(times, Math.max(now, clock.now()), 60_000, Math.min(30, Math.max(10, width - 30))));
  return (
    <Box flexDirection="column">
      <Text>
        Vote: <Text bold color={theme.accent}>{s.voteState}</Text> · window {s.opensAt} → {s.closesAt}
      </Text>
      <Text>
        Eligibility: {e ? (e.locked ? `locked v${e.version}` : 'not locked') : '…'} · {e ? `${e.counts.candidates} candidates, ${e.counts.voters} voters` : ''}
      </Text>
      <Text>
        Coverage: <Text bold>{cov ? `${cov.submitted}/${cov.voters} ballots (${pct}%)` : '…'}</Text>
      </Text>
      <Text>Ballots per minute (last {spark.length} min): [{spark}]</Text>
      {latest ? (
        <>
          <Text bold>
            Results version {latest.version} (eligibility v{latest.eligibilityVersion}, {latest.released ? 'released' : 'unreleased'}, digest {latest.digest})
          </Text>
          {latest.rows.slice(0, 8).map((r) => (
            <Text key={r.projectId}>{clip(`  ${r.rank ?? '-'}. ${r.name} ${r.score ?? '-'} (${r.fraction ?? '-'}) ${r.ballots} ${r.ballots === 1 ? 'ballot' : 'ballots'}`, width)}</Text>
          ))}
          {latest.ties.map((t) => (
            <Text key={t.rank}>{clip(`  Tie at rank ${t.rank}: ${t.names.join(', ')}`, width)}</Text>
          ))}
        </>
      ) : (
        <Text>No results calculated yet</Text>
      )}
      <Text>o open · c close · k calculate</Text>
    </Box>
  );
}
