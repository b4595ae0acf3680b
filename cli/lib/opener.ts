// Opens a URL with the platform's own opener, the URL passed as one argument (never
// through a shell), detached so the CLI can exit.
import { spawn } from 'node:child_process';

export function openerFor(platform: NodeJS.Platform): { cmd: string; args: (url: string) => string[] } {
  if (platform === 'darwin') return { cmd: 'open', args: (u) => [u] };
  if (platform === 'win32') return { cmd: 'rundll32', args: (u) => ['url.dll,FileProtocolHandler', u] };
  return { cmd: 'xdg-open', args: (u) => [u] };
}

export function openUrl(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const { cmd, args } = openerFor(platform);
  return new Promise((resolve) => {
    const child = spawn(cmd, args(url), { env, stdio: 'ignore', detached: true, shell: false });
    child.on('error', () => resolve(false));
    child.on('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
