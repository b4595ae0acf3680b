// `event configure`: the whole schedule each time, with the version it expects.
import type { EventConfigured } from '../../../../core/wire/event.ts';
import { isoInstant, required, wholeNumber } from '../../../lib/checks.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import { WireError } from '../../../../client/errors.ts';
import { command } from '../../command.ts';

export const eventConfigure = command({
  path: 'event configure',
  summary: 'Create or change the event (organizer)',
  usage:
    'Usage: hackathon event configure --expected-version <n> --name <name> --timezone <tz> --starts-at <iso> --build-ends-at <iso>\n' +
    '         --vote-opens-at <iso> --vote-closes-at <iso> [--reason <text>]\n\n' +
    '--expected-version 0 creates the event. Instants are ISO 8601 with a zone. Moving the build end while running needs --reason.\n' +
    'The freeze is the build end + 15 minutes: a grace in which pushes still count. --vote-opens-at must be at the freeze or later.',
  flags: {
    expectedVersion: { type: 'string' }, name: { type: 'string' }, timezone: { type: 'string' }, startsAt: { type: 'string' },
    buildEndsAt: { type: 'string' }, voteOpensAt: { type: 'string' }, voteClosesAt: { type: 'string' }, reason: { type: 'string' },
  },
  async run(opts, ctx) {
    const f = opts;
    const body: { name: string; reason?: string; [field: string]: unknown } = {
      expectedVersion: wholeNumber(required(f.expectedVersion, '--expected-version'), '--expected-version'),
      name: required(f.name, '--name'),
      timezone: required(f.timezone, '--timezone'),
      startsAt: isoInstant(required(f.startsAt, '--starts-at'), '--starts-at'),
      buildEndsAt: isoInstant(required(f.buildEndsAt, '--build-ends-at'), '--build-ends-at'),
      voteOpensAt: isoInstant(required(f.voteOpensAt, '--vote-opens-at'), '--vote-opens-at'),
      voteClosesAt: isoInstant(required(f.voteClosesAt, '--vote-closes-at'), '--vote-closes-at'),
    };
    if (body.name.length > 100) throw new CliError('--name is at most 100 characters', EXIT.rejected, 'invalid_input');
    if (f.reason !== undefined) body.reason = f.reason;
    const client = await ctx.client();
    let r: EventConfigured;
    try {
      r = await client.call('PUT /api/v1/event', { body, headers: { 'idempotency-key': crypto.randomUUID() } });
    } catch (err) {
      if (err instanceof WireError && err.code === 'version_conflict') {
        const v = err.details.currentVersion;
        throw new CliError(`the event is at version ${v}, not ${body.expectedVersion}: read it again (hackathon event status) and pass --expected-version ${v}`, EXIT.wire, 'version_conflict');
      }
      // The freeze instant comes from the server (the 15 minutes are written in SQL only): name the flag's value.
      if (err instanceof WireError && err.code === 'invalid_input' && err.details.field === 'voteOpensAt' && typeof err.details.freezeAt === 'string') {
        throw new WireError(err.status, err.code, `${err.message}. Pass --vote-opens-at ${err.details.freezeAt} or later`, err.details);
      }
      throw err;
    }
    if (ctx.json) return ctx.printJson(r);
    ctx.out(r.created ? `Created ${r.event.name} (version 1)` : `Configured ${r.event.name} (version ${r.event.version})`);
  },
});
