// `hackathon git-credential get`: a git credential helper for team repositories on this
// instance's own code host (setup configures it on the clone). It answers only for the
// instance's own protocol and host, with the profile's key as the password, so the key
// never sits in a URL, an argv or the clone's config. `store` and `erase` do nothing: the
// key lives on the profile (hackathon login / logout manage it).
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

export const gitCredential = command({
  path: 'git-credential',
  summary: 'Git credential helper for repositories on this instance (configured by setup)',
  usage: 'Usage: hackathon git-credential get|store|erase [--api-url <url>]\n\nSpeaks git\'s credential helper protocol on stdin/stdout; setup configures it on the clone.',
  async run(opts, ctx) {
    const attrs = await readAttributes(ctx.io.stdin); // read for every action: git writes it either way
    if (opts.args[0] !== 'get') return;
    const instance = new URL(ctx.profile().url);
    if (`${attrs.get('protocol')}:` !== instance.protocol || attrs.get('host') !== instance.host) return;
    const credential = await ctx.credential();
    if (!credential) return; // git then reports that it has no credential
    ctx.out(`username=${attrs.get('username') ?? 'hackathon'}`);
    ctx.out(`password=${credential.key}`);
  },
});
