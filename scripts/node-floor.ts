// The oldest Node the client bundles run on, and the one sentence that says so: printed by
// each launcher (scripts/build-cli.ts) before it loads its bundle, and by the clients
// package's preinstall (scripts/pack-clients.ts), so an install on an older Node fails with
// the words a run would have printed instead of "succeeding" into binaries that exit 4.
/** The spec's doctor expects Node 22; test/cli/old-node.test.ts runs 22.0. */
export const MIN_NODE = [22, 0] as const;

export interface NodeCheckOptions {
  /** `<who> <verb> Node.js 22 or later (...): install Node.js 22 from https://nodejs.org and <then>.` */
  who: string;
  verb: 'needs' | 'need';
  then: string;
  /**
   * A launcher's `--json` runs answer in JSON (code `environment`), as the bundle would have:
   * these commands with the spec's refusal `{ ok: false, error }` on stdout, every other
   * command with `{ error }` on stderr (cli/lib/dispatch.ts).
   */
  json?: { refusalOnStdout: string[] };
}

/**
 * A script (ES5-style statements, nothing a Node from 18 cannot parse) that, on a Node older
 * than MIN_NODE, says so and exits 4 (environment).
 */
export function nodeCheck(o: NodeCheckOptions): string {
  const say = o.json
    ? `  var args = process.argv.slice(2);
  if (args.indexOf('--json') !== -1) {
    var verb = args.filter(function (a) { return a.charAt(0) !== '-'; })[0];
    var error = { code: 'environment', message: sentence };
    if (${JSON.stringify(o.json.refusalOnStdout)}.indexOf(verb) !== -1) process.stdout.write(JSON.stringify({ ok: false, error: error }) + '\\n');
    else process.stderr.write(JSON.stringify({ error: error }) + '\\n');
  } else process.stderr.write(sentence + '\\n');
`
    : `  process.stderr.write(sentence + '\\n');
`;
  return `var need = [${MIN_NODE[0]}, ${MIN_NODE[1]}];
var have = process.versions.node.split('.').map(Number);
if (have[0] < need[0] || (have[0] === need[0] && have[1] < need[1])) {
  var sentence = '${o.who} ${o.verb} Node.js ' + need[0] + (need[1] ? '.' + need[1] : '') + ' or later (this is Node.js ' + process.versions.node + '): install Node.js ' + need[0] + ' from https://nodejs.org and ${o.then}.';
${say}  process.exit(4);
}
`;
}
