// `hackathon git-credential get`: a git credential helper for team repositories on this
// instance's own code host (setup configures it on the clone). It answers only for the
// instance's own protocol and host, with the profile's key as the password, so the key
// never sits in a URL, an argv or the clone's config. A key goes only to the instance it was
// made for, whatever --api-url the helper line names: EVENT_API_KEY only to the instance of
// EVENT_URL (else the active profile's), a profile's key only to that profile's baseUrl;
// anything else answers nothing (git asks its other helpers) and says why on stderr.
// `store` and `erase` do nothing: the key lives on the profile (hackathon login / logout).
import type { Context, Credential } from '../context.ts';
import { command } from '../command.ts';

async function readAttributes(stdin: NodeJS.ReadableStream): Promise<Map<string, string>> {
  let text = '';
  for await (const chunk of stdin) {
    text += chunk.toString();
    if (/\n\n|^\n/.test(text)) break; // git ends the request with a blank line
  }
  const attrs = new Map<string, string>();
  for (const line of text.split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) attrs.set(line.slice(0, i), line.slice(i + 1));
  }
  return attrs;
}

const originOf = (url: string) => new URL(url).origin;

/** A key made for `origin` (the instance git asks about), or null; a key made for another instance is named on stderr, never answered. */
async function keyFor(ctx: Context, origin: string): Promise<Credential | null> {
  let c: Credential | null;
  if (ctx.io.env.EVENT_API_KEY && !ctx.flags.apiKey && !ctx.flags.apiKeyStdin) {
    const home = ctx.environmentKeyInstance();
    if (originOf(home) === origin) return ctx.credential();
    ctx.err(`hackathon git-credential: EVENT_API_KEY is for ${home} (${ctx.io.env.EVENT_URL ? 'EVENT_URL' : 'the active profile'}), not ${origin}: not handed to it`);
    c = await ctx.credential({ exchange: false, environment: false }); // only a key stored for this instance
  } else {
    c = await ctx.credential();
  }
  if (c?.source === 'profile') {
    const { name } = ctx.profile();
    const home = ctx.store.urlOf(name);
    if (originOf(home) !== origin) {
      ctx.err(`hackathon git-credential: the key of profile ${name} is for ${home}, not ${origin}: not handed to it`);
      return null;
    }
  }
  return c;
}

export const gitCredential = command({
  path: 'git-credential',
  summary: 'Git credential helper for repositories on this instance (configured by setup)',
  usage: 'Usage: hackathon git-credential get|store|erase [--api-url <url>]\n\nSpeaks git\'s credential helper protocol on stdin/stdout; setup configures it on the clone.',
  async run(opts, ctx) {
    const attrs = await readAttributes(ctx.io.stdin); // read for every action: git writes it either way
    if (opts.args[0] !== 'get') return;
    const instance = new URL(ctx.profile().url);
    if (`${attrs.get('protocol')}:` !== instance.protocol || attrs.get('host') !== instance.host) return;
    const credential = await keyFor(ctx, instance.origin);
    if (!credential) return; // git then reports that it has no credential
    ctx.out(`username=${attrs.get('username') ?? 'hackathon'}`);
    ctx.out(`password=${credential.key}`);
  },
});
