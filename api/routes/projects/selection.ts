// A project or file id asked in the wrong workspace answers as not existing, naming the
// workspace asked and what selected it (the spec's file-id rule), so a person with several
// workspaces sees why. SQL names the workspace; only the request knows what selected it.
import type { FastifyRequest } from 'fastify';
import { AppError, fromPgError } from '../../errors.ts';

export function selectedBy(req: FastifyRequest): string {
  if (req.headers['podium-workspace']) return 'workspace header';
  if (req.headers['podium-organization']) return 'organization header';
  if (req.identity?.key?.workspaceId) return 'key pin';
  return 'default';
}

export async function naming<T>(req: FastifyRequest, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = fromPgError(err);
    if (e?.code !== 'project_not_found' && e?.code !== 'file_not_found') throw err;
    const by = selectedBy(req);
    throw new AppError(e.code, `${e.message} (workspace chosen by ${by})`, { ...e.details, selectedBy: by });
  }
}
