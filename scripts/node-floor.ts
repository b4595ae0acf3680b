// The oldest Node the client bundles run on, and the one sentence that says so: printed by
// each launcher (scripts/build-cli.ts) before it loads its bundle, and by the clients
// package's preinstall (scripts/pack-clients.ts), so an install on an older Node fails with
// the words a run would have printed instead of "succeeding" into binaries that exit 4.
/** The spec's doctor expects Node 22; test/cli/old-node.test.ts runs 22.0. */
export const MIN_NODE = [22, 0] as const;

/**
 * A script (ES5-style statements, nothing a Node from 18 cannot parse) that, on a Node older
 * than MIN_NODE, writes `<who> need(s) Node.js 22 or later (...)` and exits 4.
 */
export function nodeCheck(who: string, verb: 'needs' | 'need', then: string): string {
  return `var need = [${MIN_NODE[0]}, ${MIN_NODE[1]}];
var have = process.versions.node.split('.').map(Number);
if (have[0] < need[0] || (have[0] === need[0] && have[1] < need[1])) {
  process.stderr.write('${who} ${verb} Node.js ' + need[0] + (need[1] ? '.' + need[1] : '') + ' or later (this is Node.js ' + process.versions.node + '): install Node.js ' + need[0] + ' from https://nodejs.org and ${then}.\\n');
  process.exit(4);
}
`;
}
