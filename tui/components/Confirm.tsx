// An action waits here for `y` (anything else cancels).
import { Box, Text, useInput } from 'ink';

export function Confirm({ question, onAnswer }: { question: string; onAnswer: (yes: boolean) => void }) {
  useInput((input) => onAnswer(input === 'y' || input === 'Y'));
  return (
    <Box borderStyle="single" paddingX={1}>
      <Text bold>{question} [y/N]</Text>
    </Box>
  );
}
