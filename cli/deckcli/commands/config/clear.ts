import { DeckProfileStore } from '../../../lib/deckcli-profiles.ts';
import { command } from '../../command.ts';

export const configClear = command({
  path: 'config clear',
  summary: "Clear deckcli's profiles",
  usage: 'Usage: deckcli config clear',
  async run(opts, ctx) {
    const store = new DeckProfileStore(ctx.io.env, { importLegacy: false });
    const n = Object.keys(store.data.profiles).length;
    store.clear();
    if (ctx.json) return ctx.printJson({ cleared: n, file: store.file });
    ctx.out(`Cleared ${n} profile(s) from ${store.file}`);
  },
});
