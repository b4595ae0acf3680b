// 2 Receipts: webhook receipts as they arrive (tui/receipts.ts collects them for the whole
// dashboard), newest first, per team the last 50 and 1,000 in all; refused deliveries marked and highlighted;
// `/` filters by team.
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { receiptLine } from '../receipts.ts';
import { useList, windowOf } from '../hooks/use-list.ts';
import { useTui } from '../hooks/use-tui.ts';
import type { ScreenProps } from './screen.ts';

export function Receipts({ active, height, width }: ScreenProps) {
  const { receipts, theme } = useTui();
  const [, redraw] = useState(0);
  useEffect(() => receipts.subscribe(() => redraw((n) => n + 1)), [receipts]);
  const rows = receipts.rows;
  const loaded = receipts.seeded;
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
