// The bottom line: the live stream's state, the last action's outcome, the key hints.
import { Box, Text } from 'ink';
import { useLiveState } from '../hooks/use-live.ts';
import { useTui } from '../hooks/use-tui.ts';
import { clip } from '../format.ts';

const WORDS = { connecting: 'connecting…', live: '● live', reconnecting: '○ reconnecting…', ended: '× stream ended' } as const;

export function StatusBar({ message, width }: { message: string | null; width: number }) {
  const { theme } = useTui();
  const { state, detail } = useLiveState();
  const color = state === 'live' ? theme.good : state === 'ended' ? theme.bad : theme.warn;
  const hint = '1-7 screens  ↑↓ / filter  ⏎ detail  ? help  q quit';
  const left = `${WORDS[state]}${detail ? ` (${detail})` : ''}`;
  return (
    <Box flexDirection="column">
      <Text>{clip(message ?? '', width)}</Text>
      <Box>
        <Text color={color} bold={state !== 'live'}>
          {left}
        </Text>
        <Text>{`  ${clip(hint, Math.max(0, width - left.length - 2))}`}</Text>
      </Box>
    </Box>
  );
}
