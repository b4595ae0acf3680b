import { command } from '../command.ts';

export const profiles = command({
  path: 'profiles',
  summary: 'List profiles: active mark, name, url, how each signs in',
  usage: 'Usage: hackathon profiles [--json]',
  async run(opts, ctx) {
    const hub = ctx.store.data.hubLogin?.account;
    const rows = ctx.store.names().map((name) => {
      const p = ctx.store.get(name) ?? {};
      const signIn = p.apiKey ? 'api_key' : hub && p.connectKeys?.[hub] ? 'hub' : 'none';
      return { name, url: ctx.store.urlOf(name), active: name === ctx.store.active, signIn };
    });
    if (ctx.json) return ctx.printJson(rows);
    const w = Math.max(...rows.map((r) => r.name.length));
    const u = Math.max(...rows.map((r) => r.url.length));
    const how = { api_key: 'API key', hub: 'hub login', none: 'not signed in' } as const;
    for (const r of rows) ctx.out(`${r.active ? '*' : ' '} ${r.name.padEnd(w)}  ${r.url.padEnd(u)}  ${how[r.signIn as keyof typeof how]}`);
  },
});
