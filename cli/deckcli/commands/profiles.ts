// Every saved profile: active mark, name, instance, how it signs in.
import { cachedHubKey } from '../../lib/hub.ts';
import { command } from '../command.ts';
import { table } from '../../lib/table.ts';

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
    const how = (r: (typeof rows)[number]) => (r.signIn === 'api_key' ? 'API key' : r.signIn === 'hub' ? `hub login ${r.hubLogin}` : ctx.paint.warn('not signed in'));
    // `*` marks the active profile (bold too on a terminal).
    const cells = rows.map((r) => [r.active ? ctx.paint.strong(`* ${r.name}`) : `  ${r.name}`, r.url, how(r)]);
    for (const line of table(['  NAME', 'URL', 'SIGN-IN'], cells, { paint: ctx.paint })) ctx.out(line);
  },
});
