// Drives the dashboard with ink-testing-library against a real server: the App over the
// wire source (the same client the `hackathon tui` command builds), frames read as text.
import { render } from 'ink-testing-library';
import { WireClient } from '../../client/wire.ts';
import { App } from '../../tui/app.tsx';
import { wireSource, type TuiSource } from '../../tui/source.ts';
import { until } from '../helpers/until.ts';

export const KEY = { down: '\u001B[B', up: '\u001B[A', enter: '\r', esc: '\u001B', tab: '\t' } as const;

export interface Dashboard {
  frame(): string;
  press(...keys: string[]): Promise<void>;
  /** Waits until the frame satisfies `pred` (a bound on hanging, not a speed check). */
  until(what: string, pred: (frame: string) => boolean, timeoutMs?: number): Promise<string>;
  close(): void;
}

export function dashboard(base: string, key: string, opts: { env?: NodeJS.ProcessEnv; refreshMs?: number; wrap?: (s: TuiSource) => TuiSource } = {}): Dashboard {
  const client = new WireClient({ baseUrl: base, key, userAgent: 'hackathon-tui-test' });
  const source = wireSource(client);
  const app = render(<App source={opts.wrap ? opts.wrap(source) : source} env={opts.env ?? { NO_COLOR: '1' }} refreshMs={opts.refreshMs ?? 1_000} />);
  const frame = () => app.lastFrame() ?? '';
  return {
    frame,
    async press(...keys) {
      for (const k of keys) {
        app.stdin.write(k);
        // Ink reads stdin on the next turn: let it draw before the next key.
        await new Promise((r) => setTimeout(r, 30));
      }
    },
    async until(what, pred, timeoutMs = 15_000) {
      try {
        return await until(what, async () => (pred(frame()) ? frame() : null), timeoutMs, 25);
      } catch (err) {
        throw new Error(`${(err as Error).message}; last frame:\n${frame()}`);
      }
    },
    close: () => app.unmount(),
  };
}
