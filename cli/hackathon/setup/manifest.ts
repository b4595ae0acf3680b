// Setup step 8, first half: the team manifest `hackathon.json`, read as data only (nothing
// in it is a command): version 1, a compose file name in the repository root, a service
// name, a port 1024 to 65535 and an absolute ready path. Absent is a state of its own (the
// team has not described its app yet); present but invalid is exit 4 naming the field.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CliError, EXIT } from '../../lib/errors.ts';

export interface Manifest {
  version: 1;
  app: { compose: string; service: string; port: number; readyPath: string };
}

export const MANIFEST = 'hackathon.json';
const SERVICE = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/; // compose's own rule for service names

function invalid(why: string): CliError {
  return new CliError(`${MANIFEST} is invalid: ${why}; fix it in the repository (nothing was started)`, EXIT.environment, 'invalid_manifest');
}

/** The manifest of the clone at `dir`, or null when the repository has none yet. */
export function readManifest(dir: string): Manifest | null {
  const file = path.join(dir, MANIFEST);
  if (!existsSync(file)) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw invalid(`not JSON (${(err as Error).message})`);
  }
  const m = raw as { version?: unknown; app?: Record<string, unknown> };
  if (!m || typeof m !== 'object' || Array.isArray(m)) throw invalid('it must be a JSON object');
  if (m.version !== 1) throw invalid(`version must be 1 (got ${JSON.stringify(m.version)})`);
  const app = m.app;
  if (!app || typeof app !== 'object' || Array.isArray(app)) throw invalid('app must be an object with compose, service, port and readyPath');
  const { compose, service, port, readyPath } = app;
  if (typeof compose !== 'string' || !compose || compose !== path.basename(compose) || compose === '.' || compose === '..' || compose.includes('\\')) {
    throw invalid(`app.compose must be a file name in the repository root (got ${JSON.stringify(compose)})`);
  }
  const composeFile = path.join(dir, compose);
  if (!existsSync(composeFile) || !statSync(composeFile).isFile()) throw invalid(`app.compose names ${compose}, which is not a file in the repository root`);
  if (typeof service !== 'string' || !SERVICE.test(service)) throw invalid(`app.service must be a compose service name (got ${JSON.stringify(service)})`);
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1024 || port > 65535) {
    throw invalid(`app.port must be an integer from 1024 to 65535 (got ${JSON.stringify(port)})`);
  }
  if (typeof readyPath !== 'string' || !readyPath.startsWith('/') || readyPath.startsWith('//') || /\s/.test(readyPath)) {
    throw invalid(`app.readyPath must be an absolute path such as /health (got ${JSON.stringify(readyPath)})`);
  }
  return { version: 1, app: { compose, service, port, readyPath } };
}
