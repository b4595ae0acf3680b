// A selectable, filterable list: up/down move, `/` starts a filter (typed text, Enter keeps
// it, Esc clears it), Enter opens the selected row. Keys reach it only while its screen has
// the focus (`active`).
import { useInput } from 'ink';
import { useState } from 'react';
import { useTui } from './use-tui.ts';

export interface ListState<T> {
  rows: T[];
  selected: number;
  filter: string;
  filtering: boolean;
  current: T | undefined;
}

export function useList<T>(items: T[], text: (t: T) => string, opts: { active: boolean; onEnter?: (t: T) => void }): ListState<T> {
  const [selected, setSelected] = useState(0);
  const [filter, setFilter] = useState('');
  const [filtering, setFiltering] = useState(false);
  const { keys } = useTui();
  const capture = (on: boolean) => {
    keys.captured = on;
    setFiltering(on);
  };
  const needle = filter.toLowerCase();
  const rows = needle ? items.filter((t) => text(t).toLowerCase().includes(needle)) : items;
  const sel = Math.min(selected, Math.max(0, rows.length - 1));

  useInput(
    (input, key) => {
      if (filtering) {
        if (key.return) capture(false);
        else if (key.escape) {
          setFilter('');
          capture(false);
        } else if (key.backspace || key.delete) setFilter((f) => f.slice(0, -1));
        else if (input && !key.ctrl && !key.meta) setFilter((f) => f + input);
        setSelected(0);
        return;
      }
      if (input === '/') {
        capture(true);
        return;
      }
      if (key.escape && filter) setFilter('');
      if (key.upArrow) setSelected(Math.max(0, sel - 1));
      if (key.downArrow) setSelected(Math.min(rows.length - 1, sel + 1));
      if (key.return && rows[sel] !== undefined) opts.onEnter?.(rows[sel]);
    },
    { isActive: opts.active },
  );
  return { rows, selected: sel, filter, filtering, current: rows[sel] };
}

/** The rows to draw: a window of `height` rows keeping the selection in view. */
export function windowOf<T>(rows: T[], selected: number, height: number): { start: number; visible: T[] } {
  const start = Math.max(0, Math.min(selected - Math.floor(height / 2), rows.length - height));
  return { start, visible: rows.slice(start, start + height) };
}
