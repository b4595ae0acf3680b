// The deck a command acts on: its argument (instance from flags/env/profile).
import { CliError, EXIT } from '../../lib/errors.ts';
import type { Context } from '../context.ts';

export function oneDeck(ctx: Context, what = 'deck id'): string {
  const [id] = ctx.input;
  if (!id || ctx.input.length > 1) throw new CliError(`name exactly one ${what}`, EXIT.usage);
  return encodeURIComponent(id);
}
