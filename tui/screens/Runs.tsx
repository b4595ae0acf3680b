// 4 Runs: deck generation runs with their counts; Enter opens a run's jobs (status, attempts,
// last error or deck version), Enter on a job shows its private log.
import { Box, Text, useInput } from 'ink';
import { useState } from 'react';
import { deckFate, type GenerationJob, type GenerationRun } from '../../core/wire/decks.ts';
import { clip } from '../format.ts';
import { useList, windowOf } from '../hooks/use-list.ts';
import { useRoute } from '../hooks/use-resource.ts';
import { useTui } from '../hooks/use-tui.ts';
import type { ScreenProps } from './screen.ts';

export const runLine = (r: GenerationRun) =>
  `${r.id.slice(0, 8)} rev ${r.revision} ${r.status.padEnd(7)} ${r.createdAt.slice(0, 19)}Z  pending ${r.counts.pending} running ${r.counts.running} review ${r.counts.review} failed ${r.counts.failed} skipped ${r.counts.skipped}`;

export const jobLine = (j: GenerationJob) =>
  `${j.team.name.padEnd(16)} ${j.kind.padEnd(9)} ${j.status.padEnd(7)} attempts ${j.attempts} ${j.status === 'failed' || j.lastError ? `error: ${j.lastError ?? '-'}` : j.deck ? `deck v${j.deck.version} ${deckFate(j.deck)}` : j.skipReason ?? ''}`;

function Jobs({ runId, active, height, width, back }: { runId: string; active: boolean; height: number; width: number; back: () => void }) {
  const { theme } = useTui();
  const [log, setLog] = useState<GenerationJob | null>(null);
  const d = useRoute('GET /api/v1/event/decks/runs/:runId', { params: { runId }, query: '?log=true' }, { refresh: true });
  const list = useList(d.data?.jobs ?? [], (j) => `${j.team.name} ${j.kind} ${j.status}`, { active: active && !log, onEnter: setLog });
  useInput(
    (_i, key) => {
      if (!key.escape || list.filtering) return;
      if (log) setLog(null);
      else if (!list.filter) back();
    },
    { isActive: active },
  );
  if (d.error) return <Text bold>! {d.error.message}</Text>;
  if (!d.data) return <Text>Loading the run…</Text>;
  if (log) {
    const lines = (log.log ?? '(no log)').split('\n');
    return (
      <Box flexDirection="column">
        <Text bold>{clip(`Log of ${log.team.name} ${log.kind} (Esc: back)`, width)}</Text>
        {lines.slice(-Math.max(1, height - 1)).map((l, i) => (
          <Text key={i}>{clip(l, width)}</Text>
        ))}
      </Box>
    );
  }
  const { visible, start } = windowOf(list.rows, list.selected, Math.max(1, height - 2));
  return (
    <Box flexDirection="column">
      <Text bold>{clip(runLine(d.data.run), width)}</Text>
      <Text>{list.filtering || list.filter ? `filter: ${list.filter}` : 'Enter: a job\'s log · Esc: back'}</Text>
      {visible.map((j, i) => (
        <Text key={j.id} inverse={active && start + i === list.selected} bold={j.status === 'failed'} color={j.status === 'failed' ? theme.bad : undefined}>
          {clip(jobLine(j), width)}
        </Text>
      ))}
    </Box>
  );
}

export function Runs({ active, height, width }: ScreenProps) {
  const { theme } = useTui();
  const [open, setOpen] = useState<string | null>(null);
  const runs = useRoute('GET /api/v1/event/decks/runs', {}, { refresh: true });
  const list = useList(runs.data?.items ?? [], (r) => `${r.id} ${r.status}`, { active: active && !open, onEnter: (r) => setOpen(r.id) });
  if (open) return <Jobs runId={open} active={active} height={height} width={width} back={() => setOpen(null)} />;
  if (runs.error) return <Text bold color={runs.error.code === 'vote_off' ? undefined : theme.bad}>{runs.error.code === 'vote_off' ? 'The vote section is off: no deck generation (hackathon event vote --on).' : `! ${runs.error.message}`}</Text>;
  if (!runs.data) return <Text>Loading runs…</Text>;
  const { visible, start } = windowOf(list.rows, list.selected, Math.max(1, height - 1));
  return (
    <Box flexDirection="column">
      <Text bold>Generation runs (current revision {runs.data.currentRevision}){list.rows.length ? '' : ': none yet'}</Text>
      {visible.map((r, i) => (
        <Text key={r.id} inverse={active && start + i === list.selected} bold={r.counts.failed > 0} color={r.counts.failed > 0 ? theme.bad : undefined}>
          {clip(runLine(r), width)}
        </Text>
      ))}
    </Box>
  );
}
