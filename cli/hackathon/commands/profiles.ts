import { cachedHubKey } from '../../lib/hub.ts';
import { command } from '../command.ts';
import { table } from '../../lib/table.ts';

export const profiles = command({
  path: 'profiles',
  summary: 'List profiles: active mark, name, url, how each signs in',
  usage: 'Usage: hackathon profiles [--json]',
  async run(opts, ctx) {
    const rows = ctx.store.names().map((name) => {
      const p = ctx.store.get(name) ?? {};
      const url = ctx.store.urlOf(name);
      const hub = cachedHubKey(p.connectKeys, url, url, ctx.hubLogins);
      const signIn = p.apiKey ? 'api_key' : hub ? 'hub' : 'none';
      return { name, url, active: name === ctx.store.active, signIn, hubLogin: hub?.login ?? null };
    });
    if (ctx.json) return ctx.printJson(rows);
    const how = (r: (typeof rows)[number]) => (r.signIn === 'api_key' ? 'API key' : r.signIn === 'hub' ? `hub login ${r.hubLogin}` : ctx.paint.warn('not signed in'));
    // `*` marks the active profile (bold too on a terminal).
    const cells = rows.map((r) => [r.active ? ctx.paint.strong(`* ${r.name}`) : `  ${r.name}`, r.url, how(r)]);
    for (const line of table(['  NAME', 'URL', 'SIGN-IN'], cells, { paint: ctx.paint })) ctx.out(line);
  },
});
