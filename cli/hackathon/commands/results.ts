// `hackathon results`: the jury result and the community result side by side, each the newest
// released version (organizers: the newest version, released or not, marked). A side with
// nothing released (or the vote section off) prints as "-".
import type { VoteResult } from '../../../core/wire/community.ts';
import type { JuryResult } from '../../../core/wire/jury.ts';
import { WireError } from '../../../client/errors.ts';
import { table } from '../../lib/table.ts';
import { command } from '../command.ts';

export const results = command({
  path: 'results',
  summary: 'The jury and the community results side by side',
  usage: 'Usage: hackathon results [--json]',
  async run(_opts, ctx) {
    const client = await ctx.client();
    const soft = async <T>(p: Promise<T>): Promise<T | null> => {
      try {
        return await p;
      } catch (err) {
        if (err instanceof WireError && err.status < 500) return null;
        throw err;
      }
    };
    const juryList = await soft(client.request<{ items: JuryResult[] }>('GET', '/api/v1/event/jury/results'));
    const jury = juryList?.items.find((r) => r.released) ?? null;
    const status = await soft(client.request<{ results: VoteResult | null }>('GET', '/api/v1/community/status'));
    const community = status?.results ?? null;
    if (ctx.json) return ctx.printJson({ jury, community });
    ctx.out(`Jury: ${jury ? `version ${jury.version} (${jury.method}), digest ${jury.digest}` : 'not released'}`);
    ctx.out(`Community: ${community ? `version ${community.version}, digest ${community.digest}` : 'not released'}`);
    if (!jury && !community) return;
    const names = new Map<string, string>();
    for (const r of jury?.rows ?? []) names.set(r.projectId, r.name);
    for (const r of community?.rows ?? []) names.set(r.projectId, r.name);
    const j = new Map((jury?.rows ?? []).map((r) => [r.projectId, r]));
    const c = new Map((community?.rows ?? []).map((r) => [r.projectId, r]));
    const order = [...names.keys()].sort((a, b) => {
      const ra = j.get(a)?.rank ?? Infinity;
      const rb = j.get(b)?.rank ?? Infinity;
      if (ra !== rb) return ra - rb;
      const ca = c.get(a)?.rank ?? Infinity;
      const cb = c.get(b)?.rank ?? Infinity;
      return ca !== cb ? ca - cb : names.get(a)!.toLowerCase().localeCompare(names.get(b)!.toLowerCase());
    });
    const rows = order.map((id) => [
      j.get(id)?.rank == null ? '-' : String(j.get(id)!.rank), j.get(id)?.score ?? '-',
      c.get(id)?.rank == null ? '-' : String(c.get(id)!.rank), c.get(id)?.score ?? '-', names.get(id)!,
    ]);
    for (const line of table(['JURY', 'JURY SCORE', 'COMMUNITY', 'COMMUNITY SCORE', 'TEAM'], rows, { indent: '  ', paint: ctx.paint })) ctx.out(line);
  },
});
