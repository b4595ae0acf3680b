// The screen tabs: number and name, the current one inverted (reads on any background).
import { Box, Text } from 'ink';

export function Tabs({ names, current }: { names: readonly string[]; current: number }) {
  return (
    <Box>
      {names.map((n, i) => (
        <Text key={n} inverse={i === current} bold={i === current}>
          {` ${i + 1} ${n} `}
        </Text>
      ))}
    </Box>
  );
}
