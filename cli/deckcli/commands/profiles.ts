// Every saved profile: active mark, name, instance, how it signs in.
import { cachedHubKey } from '../../lib/hub.ts';
import { command } from '../command.ts';

export const profiles = command({
  path: 'profiles',
  summary: 'List profiles: active mark, name, url, how each signs in',
  usage: 'Usage: deckcli profiles [--json]',
  async run(opts, ctx) {
    const rows = Object.entries(ctx.store.data.profiles)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, p]) => {
        const hub = cachedHubKey(p.connectKeys, p.baseUrl, p.baseUrl, ctx.hubLogins);
        return { name, url: p.baseUrl, active: name === ctx.store.data.active, signIn: p.apiKey ? 'api_key' : hub ? 'hub' : 'none', hubLogin: hub?.login ?? null };
      });
    if (ctx.json) return ctx.printJson(rows);
    if (rows.length === 0) {
      ctx.out('No profiles yet: deckcli login --api-url <url>, or deckcli auth save-key --api-url <url>');
      return;
    }
    const w = Math.max(...rows.map((r) => r.name.length));
    const u = Math.max(...rows.map((r) => r.url.length));
    const how = (r: (typeof rows)[number]) => (r.signIn === 'api_key' ? 'API key' : r.signIn === 'hub' ? `hub login ${r.hubLogin}` : 'not signed in');
    for (const r of rows) ctx.out(`${r.active ? '*' : ' '} ${r.name.padEnd(w)}  ${r.url.padEnd(u)}  ${how(r)}`);
  },
});
