// The terminal's size, kept current: Ink redraws on a resize but the layout's width and height
// are ours, so without a re-render the old, larger frame was drawn into a smaller terminal and
// the dashboard went blank until another screen was chosen. Off a terminal (tests)
// the given fallback size holds.
import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export function useTerminalSize(fallback: { columns?: number; rows?: number }): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const tty = stdout as NodeJS.WriteStream;
  const read = () => ({ columns: tty.columns || fallback.columns || 80, rows: tty.rows || fallback.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    tty.on('resize', onResize);
    return () => void tty.off('resize', onResize);
  }, [tty]);
  return size;
}
