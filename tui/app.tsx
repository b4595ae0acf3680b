// The organizers' terminal dashboard (`hackathon tui`): seven screens over the wire and the
// live stream. Tabs or 1-7 switch screens, `?` shows the keys, `q` quits; each action waits
// for a `y`. The layout fits 80x24; the error boundary keeps a failing screen from taking
// the dashboard down.
import { Box, render, useApp, useInput, type Instance } from 'ink';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { Confirm } from './components/Confirm.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { HelpOverlay } from './components/HelpOverlay.tsx';
import { StatusBar } from './components/StatusBar.tsx';
import { Tabs } from './components/Tabs.tsx';
import { makeTheme } from './format.ts';
import { useTerminalSize } from './hooks/use-terminal-size.ts';
import { LiveBus, ServerClock, TuiContext, useTui, type TuiContextValue } from './hooks/use-tui.ts';
import { HelpFeed } from './screens/HelpFeed.tsx';
import { Overview } from './screens/Overview.tsx';
import { Receipts } from './screens/Receipts.tsx';
import { Runs } from './screens/Runs.tsx';
import type { Action, ScreenProps } from './screens/screen.ts';
import { Submissions } from './screens/Submissions.tsx';
import { Vote } from './screens/Vote.tsx';
import { Jury } from './screens/Jury.tsx';
import { ReceiptStore } from './receipts.ts';
import type { TuiSource } from './source.ts';

export const SCREENS: readonly [string, ComponentType<ScreenProps>][] = [
  ['Overview', Overview],
  ['Receipts', Receipts],
  ['Submissions', Submissions],
  ['Runs', Runs],
  ['Vote', Vote],
  ['Help & feed', HelpFeed],
  ['Jury', Jury],
];

export interface AppOptions {
  source: TuiSource;
  env?: NodeJS.ProcessEnv;
  /** Fallback polling while the stream is down (at least 5 s; default 5 s). */
  pollMs?: number;
  /** Refresh of data without a live kind while its screen shows (default 10 s). */
  refreshMs?: number;
  /** Size when the output is not a terminal (tests): default 80x24. */
  columns?: number;
  rows?: number;
}

function Shell({ columns, rows }: { columns?: number; rows?: number }) {
  const { exit } = useApp();
  const ctx = useTui();
  const [screen, setScreen] = useState(0);
  const [help, setHelp] = useState(false);
  const [pending, setPending] = useState<Action | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const size = useTerminalSize({ columns, rows });
  const width = Math.max(40, size.columns - 1);
  const height = Math.max(10, size.rows);

  useInput(
    (input, key) => {
      if (ctx.keys.captured) return;
      if (help) return setHelp(false);
      if (input === 'q') return exit();
      if (input === '?') return setHelp(true);
      const n = Number(input);
      if (Number.isInteger(n) && n >= 1 && n <= SCREENS.length) return setScreen(n - 1);
      if (key.tab) setScreen((s) => (s + (key.shift ? SCREENS.length - 1 : 1)) % SCREENS.length);
    },
    { isActive: !pending },
  );

  const answer = (yes: boolean) => {
    const a = pending!;
    setPending(null);
    if (!yes) return setMessage('Cancelled');
    setMessage(`${a.question.replace(/\?$/, '')}…`);
    a.run().then(setMessage, (err: Error) => setMessage(`! ${err.message}`));
  };

  const [name, Screen] = SCREENS[screen]!;
  // Tabs 1 row, status bar 2 rows, one spare for the cursor line.
  const body = height - 4;
  return (
    <Box flexDirection="column" width={width}>
      <Tabs names={SCREENS.map(([n]) => n)} current={screen} />
      <Box flexDirection="column" height={body} overflow="hidden">
        {help ? <HelpOverlay /> : pending ? <Confirm question={pending.question} onAnswer={answer} /> : null}
        {/* The screen stays mounted under the help and a question: an action's run() reloads
            the screen's own reads (the vote read "open" for 10 s after `c y` when a fresh
            mount had read it before the close landed). */}
        <Box flexDirection="column" display={help || pending ? 'none' : 'flex'}>
          <ErrorBoundary label={name}>
            <Screen key={name} active={!help && !pending} height={body} width={width} act={(a) => setPending(a)} />
          </ErrorBoundary>
        </Box>
      </Box>
      <StatusBar message={message} width={width} />
    </Box>
  );
}

export function App(opts: AppOptions) {
  const value = useMemo<TuiContextValue>(
    () => ({
      source: opts.source,
      theme: makeTheme(opts.env ?? process.env),
      live: new LiveBus(),
      clock: new ServerClock(),
      pollMs: Math.max(5_000, opts.pollMs ?? 5_000),
      refreshMs: opts.refreshMs ?? 10_000,
      keys: { captured: false },
      receipts: new ReceiptStore(opts.source),
    }),
    [opts.source],
  );
  useEffect(() => {
    value.receipts.start();
    const off = value.live.on((e) => value.receipts.onLive(e));
    const stop = value.source.follow((e) => value.live.emit(e), (s, d) => value.live.setState(s, d));
    return () => {
      stop();
      off();
      value.receipts.stop();
    };
  }, [value]);
  return (
    <TuiContext.Provider value={value}>
      <Shell columns={opts.columns} rows={opts.rows} />
    </TuiContext.Provider>
  );
}

/** Draws the dashboard on the terminal until `q`; answers when it has been left. */
export async function runTui(opts: AppOptions): Promise<void> {
  // Only changed lines are written (a receipt burst redraws a few rows, not the screen), at
  // most 15 frames a second. On a terminal the dashboard is live even where CI is set in the
  // environment (Ink would otherwise draw only its last frame, at exit): a person at a
  // terminal asked for it. Without a terminal Ink decides as usual.
  const interactive = process.stdout.isTTY ? true : undefined;
  const instance: Instance = render(<App {...opts} />, { exitOnCtrlC: true, incrementalRendering: true, maxFps: 15, interactive });
  await instance.waitUntilExit();
}
