// The tools an organization may open on its instance, as the hub commands take them.
import { CliError, EXIT } from '../../../lib/errors.ts';

export const TOOLS = ['deck', 'hackathon'];

export function tools(raw: string | undefined): string[] {
  const list = (raw ?? '').split(',').map((t) => t.trim()).filter(Boolean);
  const bad = list.filter((t) => !TOOLS.includes(t));
  if (bad.length) throw new CliError(`--tools takes ${TOOLS.join(', ')} (comma-separated), got ${bad.join(', ')}`, EXIT.rejected, 'invalid_input');
  return [...new Set(list)];
}

