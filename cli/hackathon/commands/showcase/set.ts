// showcase set: plain text, product 24, tagline 140, description 4000 characters; a field left out keeps its value.
import { readFileSync } from 'node:fs';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { command } from '../../command.ts';
import { FIELDS, print } from './shared.ts';

export const showcaseSet = command({
  path: 'showcase set',
  summary: "Set a team's showcase texts (a field left out keeps its value)",
  usage:
    'Usage: hackathon showcase set [--product <name>] [--tagline <text>] [--description <text> | --description-file <path>]\n' +
    '         [--clear-product] [--clear-tagline] [--clear-description] [--team <team>]\n\n' +
    'Limits: product 24, tagline 140, description 4000 characters. An empty value clears the field.',
  flags: {
    product: { type: 'string' }, tagline: { type: 'string' }, description: { type: 'string' }, descriptionFile: { type: 'string' },
    clearProduct: { type: 'boolean' }, clearTagline: { type: 'boolean' }, clearDescription: { type: 'boolean' }, team: { type: 'string' },
  },
  async run(opts, ctx) {
    const f = opts;
    if (f.description !== undefined && f.descriptionFile !== undefined) throw new CliError('--description and --description-file conflict', EXIT.rejected, 'invalid_input');
    let description = f.description;
    if (f.descriptionFile !== undefined) {
      try {
        description = readFileSync(f.descriptionFile, 'utf8').replace(/\r?\n$/, '');
      } catch (err) {
        throw new CliError(`cannot read ${f.descriptionFile} (${(err as NodeJS.ErrnoException).code})`, EXIT.rejected, 'invalid_input');
      }
    }
    const values: Record<string, string | undefined> = { product: f.product, tagline: f.tagline, description };
    const clears: Record<string, boolean> = { product: Boolean(f.clearProduct), tagline: Boolean(f.clearTagline), description: Boolean(f.clearDescription) };
    const body: Record<string, unknown> = {};
    for (const [key, cap] of FIELDS) {
      const v = values[key];
      if (v !== undefined && clears[key]) throw new CliError(`--${key} and --clear-${key} conflict`, EXIT.rejected, 'invalid_input');
      if (v !== undefined && [...v].length > cap) throw new CliError(`--${key} is at most ${cap} characters (got ${[...v].length})`, EXIT.rejected, 'invalid_input');
      if (v !== undefined) body[key] = v === '' ? null : v;
      if (clears[key]) body[key] = null;
    }
    if (Object.keys(body).length === 0) throw new CliError('nothing to set: pass a field or its --clear- flag', EXIT.rejected, 'invalid_input');
    if (f.team) body.team = f.team;
    const s = await (await ctx.client()).call('PATCH /api/v1/event/showcase', { body });
    if (ctx.json) return ctx.printJson(s);
    print(ctx, s);
  },
});
