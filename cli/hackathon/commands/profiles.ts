import { cachedHubKey } from '../../lib/hub.ts';
import { command } from '../command.ts';

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
    const w = Math.max(...rows.map((r) => r.name.length));
    const u = Math.max(...rows.map((r) => r.url.length));
    const how = (r: (typeof rows)[number]) => (r.signIn === 'api_key' ? 'API key' : r.signIn === 'hub' ? `hub login ${r.hubLogin}` : 'not signed in');
    for (const r of rows) ctx.out(`${r.active ? '*' : ' '} ${r.name.padEnd(w)}  ${r.url.padEnd(u)}  ${how(r)}`);
  },
});
