// The dashboard's V8 heap settings. Left to its defaults, V8 grows the young generation of a
// long-lived process to 64 MB (two 32 MB semi-spaces) as soon as enough objects survive
// scavenges, and Ink allocates a full frame of cells (columns x rows objects) up to 15 times a
// second: at 300 teams and 100 receipts a second the dashboard peaked at 176-178 MB resident,
// of which 64 MB was the young generation and its old generation held ~17 MB live
// (docs/PERFORMANCE.md, bench:tui). These flags cap the young generation (4 MB semi-spaces)
// and make V8 collect the old generation before it doubles (--optimize-for-size: the
// conservative heap growing factor).
//
// Heap sizes are fixed when V8 starts, so a process cannot set them on itself. `hackathon tui`
// on a terminal therefore replaces its own process image with the same command under these
// flags (process.execve, Node >= 23.11: the same pid, the same terminal, the memory of the first
// image released; not a second process beside it). Skipped where the caller already chose a
// semi-space size (NODE_OPTIONS or node's own flags), where execve is missing, and off a
// terminal (tests render the dashboard in their own process).
export const TUI_V8_FLAGS = ['--max-semi-space-size=4', '--optimize-for-size'] as const;
/** Set in the environment of the replaced image: it never replaces itself twice. */
export const TUI_HEAP_MARK = 'PODIUM_TUI_HEAP';

export interface HeapRestart {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** The execve call that restarts this process under TUI_V8_FLAGS, or null where it should not. */
export function heapRestart(p: Pick<NodeJS.Process, 'execPath' | 'execArgv' | 'argv' | 'env'> & { execve?: unknown }, terminal: boolean): HeapRestart | null {
  if (!terminal || typeof p.execve !== 'function' || p.env[TUI_HEAP_MARK] || !p.argv[1]) return null;
  const chosen = (a: string) => /^--max-semi-space-size(=|$)|^--optimize-for-size$/.test(a);
  if (p.execArgv.some(chosen) || (p.env.NODE_OPTIONS ?? '').split(/\s+/).some(chosen)) return null;
  return { file: p.execPath, args: [p.execPath, ...TUI_V8_FLAGS, ...p.execArgv, ...p.argv.slice(1)], env: { ...p.env, [TUI_HEAP_MARK]: '1' } };
}
