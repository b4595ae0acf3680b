// `?`: every key of the dashboard.
import { Box, Text } from 'ink';

export const HELP_LINES = [
  '1-7 / Tab / Shift-Tab   switch screens',
  '↑ ↓                     move in a list',
  '/                       filter the list (type, Enter keeps, Esc clears)',
  'Enter                   detail of the selected row (Esc goes back)',
  'r                       Submissions: reconcile now',
  'd                       Submissions: release the selected team\'s decks',
  'o / c / k               Vote: open the vote / close it / calculate results',
  '?                       this help (any key closes it)',
  'q                       quit',
  'Every action asks for y before it runs.',
];

export function HelpOverlay() {
  return (
    <Box flexDirection="column" borderStyle="single" paddingX={1}>
      <Text bold>Keys</Text>
      {HELP_LINES.map((l) => (
        <Text key={l}>{l}</Text>
      ))}
    </Box>
  );
}
