// What every screen gets from the app: whether it has the keys, the rows it may draw, and
// `act` to run an action behind a confirmation.
export interface Action {
  /** The question asked before it runs (`Reconcile submissions now?`). */
  question: string;
  /** Runs it; answers the line the status bar shows. */
  run: () => Promise<string>;
}

export interface ScreenProps {
  active: boolean;
  /** Rows the screen may draw (the terminal's height less tabs and status bar). */
  height: number;
  width: number;
  act: (a: Action) => void;
}
