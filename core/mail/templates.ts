// Mail bodies. Plain text, short, and never carrying more secret than the mail exists for.
import type { Mail } from './index.ts';

const TOOL_NAME = { deck: 'deckcli', hackathon: 'hackathon' } as const;

export function loginCodeMail(to: string, tool: 'deck' | 'hackathon', code: string, instanceUrl: string): Mail {
  const bin = TOOL_NAME[tool];
  return {
    to,
    subject: `Your Podium sign-in code: ${code}`,
    text:
      `Your code to sign in ${bin} on ${instanceUrl} is:\n\n    ${code}\n\n` +
      `It works for 10 minutes and 3 attempts. If you did not ask for it, ignore this mail: nothing happens without the code.\n`,
  };
}
