// 7 Jury: judging progress (scores in / expected per team and per juror, who is late), kept
// fresh by the live kinds `jury.progress` and `jury.window`; the newest jury result once
// calculated. Counts only while judging runs: no score is read here. Actions: `o` open
// judging, `c` close it, `k` calculate (mean).
import { Box, Text, useInput } from 'ink';
import type { JuryProgress, JuryResult, JuryStatus } from '../../core/wire/jury.ts';
import { clip } from '../format.ts';
import { useResource } from '../hooks/use-resource.ts';
import { useTui } from '../hooks/use-tui.ts';
import type { ScreenProps } from './screen.ts';

export function Jury({ active, width, height, act }: ScreenProps) {
  const { theme, source } = useTui();
  const progress = useResource<JuryProgress>('/api/v1/event/jury/progress', { kinds: ['jury.progress', 'jury.window'], refresh: true });
  const results = useResource<{ items: JuryResult[] }>('/api/v1/event/jury/results', { kinds: ['jury.released', 'jury.window'], refresh: true });

  useInput(
    (input) => {
      if (input === 'o')
        act({
          question: 'Open judging now?',
          run: async () => {
            const r = await source.send<JuryStatus>('POST', '/api/v1/event/jury/open');
            progress.reload();
            return `Judging open since ${r.openedAt}`;
          },
        });
      if (input === 'c')
        act({
          question: 'Close judging now?',
          run: async () => {
            const r = await source.send<JuryStatus>('POST', '/api/v1/event/jury/close');
            progress.reload();
            return `Judging closed at ${r.closedAt}`;
          },
        });
      if (input === 'k')
        act({
          question: 'Calculate the jury result now?',
          run: async () => {
            const r = await source.send<JuryResult>('POST', '/api/v1/event/jury/results', { method: 'mean' });
            results.reload();
            return r.created ? `Calculated version ${r.version}` : `Version ${r.version} already holds these scores`;
          },
        });
    },
    { isActive: active },
  );

  if (progress.error) return <Text bold color={theme.bad}>! {progress.error.message}</Text>;
  const p = progress.data;
  if (!p) return <Text>Loading the jury…</Text>;
  const late = p.jurors.filter((j) => j.late);
  const behind = [...p.teams].filter((t) => t.submitted < t.assigned).sort((a, b) => a.submitted / Math.max(1, a.assigned) - b.submitted / Math.max(1, b.assigned));
  const pct = p.assigned ? Math.round((100 * p.submitted) / p.assigned) : 0;
  const room = Math.max(2, Math.floor((height - 8) / 2));
  const latest = results.data?.items[0];
  return (
    <Box flexDirection="column">
      <Text>
        Judging: <Text bold color={theme.accent}>{p.state}</Text> · <Text bold>{p.submitted}/{p.assigned} scores ({pct}%)</Text> · {p.teams.length} teams, {p.jurors.length} jurors
      </Text>
      <Text bold>Jurors ({late.length} late)</Text>
      {p.jurors.slice(0, room).map((j) => (
        <Text key={j.juror} color={j.late ? theme.bad : undefined}>{clip(`  ${j.submitted}/${j.assigned}${j.drafts ? ` (+${j.drafts} drafts)` : ''} ${j.late ? 'late ' : ''}${j.juror}`, width)}</Text>
      ))}
      <Text bold>Teams still waiting ({behind.length})</Text>
      {behind.slice(0, room).map((t) => (
        <Text key={t.projectId}>{clip(`  ${t.submitted}/${t.assigned} ${t.team}`, width)}</Text>
      ))}
      {latest ? <Text>{clip(`Result v${latest.version} (${latest.method}, ${latest.released ? 'released' : 'unreleased'}, digest ${latest.digest}): ${latest.rows.filter((r) => r.rank === 1).map((r) => r.name).join(', ') || '-'} first`, width)}</Text> : null}
      <Text>o open · c close · k calculate</Text>
    </Box>
  );
}
