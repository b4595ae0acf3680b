// 3 Submissions: every team's state and readiness, captures in flight, attention; Enter
// shows a team's receipts and exceptions. Actions: `r` reconcile, `d` release the selected
// team's decks.
import { Box, Text, useInput } from 'ink';
import { useState } from 'react';
import type { Reconciled, Submissions as SubmissionsAnswer, SubmissionTeam } from '../../core/wire/submissions.ts';
import { clip, short } from '../format.ts';
import { useList, windowOf } from '../hooks/use-list.ts';
import { useResource, useRoute } from '../hooks/use-resource.ts';
import { callSource } from '../source.ts';
import { useTui } from '../hooks/use-tui.ts';
import type { ScreenProps } from './screen.ts';

export function teamLine(t: SubmissionTeam, width: number): string {
  const last = t.lastReceived ? `${short(t.lastReceived.sha)}${t.lastReceived.late ? ' late' : ''}` : '-';
  const frozen = t.frozen ? (t.frozen.source === 'template' ? 'template' : short(t.frozen.sha)) : '-';
  return clip(`${t.project.name.padEnd(16)} ${t.state.padEnd(9)} ${t.readiness.padEnd(10)} last ${last} frozen ${frozen}${t.attention ? ` ! ${t.attention}` : ''}`, width);
}

function Detail({ id, height, width }: { id: string; height: number; width: number }) {
  const d = useRoute('GET /api/v1/submissions/:projectId', { params: { projectId: id } }, { kinds: ['receipt.recorded'], refresh: true });
  if (d.error) return <Text bold>! {d.error.message}</Text>;
  if (!d.data) return <Text>Loading…</Text>;
  const t = d.data;
  const lines = [
    `${t.project.name}: ${t.state}, ${t.repository ? `${t.repository.fullName} (${t.repository.branch}, ${t.repository.readiness})` : 'no repository'}`,
    `Frozen: ${t.frozen ? `${t.frozen.source === 'template' ? 'template' : short(t.frozen.sha)} ${t.frozen.state}${t.frozen.frozenAt ? ` at ${t.frozen.frozenAt}` : ''}` : '-'} · freeze ${t.freezeAt}`,
    ...(t.attention ? [`! ${t.attention}`] : []),
    ...t.exceptions.map((x) => `Exception ${x.at}: ${x.missing ? 'missing' : short(x.sha)}: ${x.reason}`),
    `Receipts (last ${t.receipts.length}):`,
    ...t.receipts.map((r) => `  #${r.sequence} ${r.receivedAt} ${short(r.sha)} ${r.verdict}${r.refusal ? ` ${r.refusal}` : ''}${r.late ? ' late' : ''}${r.capture ? ` capture ${r.capture.state}` : ''}`),
    'Esc: back',
  ];
  return (
    <Box flexDirection="column">
      {lines.slice(0, height).map((l, i) => (
        <Text key={i}>{clip(l, width)}</Text>
      ))}
    </Box>
  );
}

export function Submissions({ active, height, width, act }: ScreenProps) {
  const { theme, source } = useTui();
  const [open, setOpen] = useState<string | null>(null);
  const subs = useResource<SubmissionsAnswer>('/api/v1/submissions', { kinds: ['receipt.recorded'], refresh: true });
  const items = subs.data?.items ?? [];
  const list = useList(items, (t) => t.project.name, { active: active && !open, onEnter: (t) => setOpen(t.project.id) });

  useInput(
    (input, key) => {
      if (open) {
        if (key.escape) setOpen(null);
        return;
      }
      if (list.filtering) return;
      if (input === 'r')
        act({
          question: 'Reconcile submissions now (the freeze sweep)?',
          run: async () => {
            const r = await callSource(source, 'POST /api/v1/submissions/reconcile');
            subs.reload();
            return `Reconciled at ${r.at}: ${r.selected} captured, ${r.frozen} frozen, ${r.capturing} capturing, ${r.missing} missing, ${r.errors} errors`;
          },
        });
      if (input === 'd' && list.current) {
        const team = list.current.project;
        act({
          question: `Release the approved decks of ${team.name}?`,
          run: async () => {
            const r = await callSource(source, 'POST /api/v1/event/decks/releases', { body: { projectId: team.id } });
            return `${team.name}: released ${r.released.map((x) => `${x.kind} v${x.version}`).join(', ') || 'nothing new'}${r.superseded.length ? `; superseded ${r.superseded.map((x) => `${x.kind} v${x.version}`).join(', ')}` : ''}`;
          },
        });
      }
    },
    { isActive: active },
  );

  if (open) return <Detail id={open} height={height} width={width} />;
  if (subs.error) return <Text bold color={theme.bad}>! {subs.error.message}</Text>;
  if (!subs.data) return <Text>Loading submissions…</Text>;
  const count = (s: string) => items.filter((t) => t.state === s).length;
  const { visible, start } = windowOf(list.rows, list.selected, Math.max(1, height - 3));
  return (
    <Box flexDirection="column">
      <Text>{clip(subs.data.intake, width)}</Text>
      <Text bold>
        {items.length} teams: {count('frozen')} frozen, {count('capturing')} capturing, {count('waiting')} waiting, {count('missing')} missing, {count('error')} error
        {subs.data.attentionCount ? ` · ${subs.data.attentionCount} attention` : ''}
        {list.filtering || list.filter ? `  filter: ${list.filter}${list.filtering ? '▏' : ''}` : ''}
      </Text>
      {visible.map((t, i) => {
        const bad = t.state === 'error' || t.state === 'missing' || !!t.attention;
        return (
          <Text key={t.project.id} inverse={active && start + i === list.selected} bold={bad} color={bad ? theme.bad : t.state === 'capturing' ? theme.warn : undefined}>
            {teamLine(t, width)}
          </Text>
        );
      })}
    </Box>
  );
}
