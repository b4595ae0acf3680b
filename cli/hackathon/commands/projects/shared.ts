// What the project commands share: flags for paging, the metadata check, one-line output.
import { CliError, EXIT } from '../../../lib/errors.ts';

export interface Project {
  id: string;
  name: string;
  description: string | null;
  metadata: Record<string, unknown>;
  archived: boolean;
  role: string;
  createdAt: string;
}

export function metadataArg(raw: unknown): Record<string, unknown> {
  let v: unknown;
  try {
    v = JSON.parse(String(raw));
  } catch {
    throw new CliError('--metadata must be a JSON object, e.g. \'{"track":"ai"}\'', EXIT.rejected);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new CliError('--metadata must be a JSON object', EXIT.rejected);
  return v as Record<string, unknown>;
}

export function projectLine(p: Project): string {
  return `${p.name}  ${p.id}  ${p.role}${p.archived ? '  (archived)' : ''}`;
}

