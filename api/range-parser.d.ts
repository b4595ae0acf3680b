// range-parser 1.3 ships no types (and @types/range-parser is not installed): its one function.
declare module 'range-parser' {
  interface Range {
    start: number;
    end: number;
  }
  interface Ranges extends Array<Range> {
    type: string;
  }
  /** -1: unsatisfiable, -2: malformed. */
  function rangeParser(size: number, str: string, options?: { combine?: boolean }): Ranges | -1 | -2;
  export = rangeParser;
}
