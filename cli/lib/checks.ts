// Client-side checks that refuse input before any request (exit 2).
import { readFileSync } from 'node:fs';
import { CliError, EXIT } from './errors.ts';

const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function isoInstant(value: unknown, flag: string): string {
  if (typeof value !== 'string' || !ISO_WITH_ZONE.test(value) || Number.isNaN(Date.parse(value))) {
    throw new CliError(`${flag} must be an ISO 8601 instant with a zone (e.g. 2026-05-01T09:00:00+02:00), got ${JSON.stringify(value ?? '')}`, EXIT.rejected, 'invalid_input');
  }
  return value;
}

export function wholeNumber(value: unknown, flag: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'string' || !/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new CliError(`${flag} must be a whole number${max < Number.MAX_SAFE_INTEGER ? ` from ${min} to ${max}` : ''}, got ${JSON.stringify(value ?? '')}`, EXIT.rejected, 'invalid_input');
  }
  return Number(value);
}

export function required<T>(value: T | undefined, flag: string): T {
  if (value === undefined || value === '') throw new CliError(`${flag} is required`, EXIT.usage, 'usage');
  return value;
}

/** A JSON file named by a flag: unreadable or not JSON is refused before any request. */
export function readJsonArg(file: unknown, flag: string): unknown {
  if (typeof file !== 'string' || !file) throw new CliError(`${flag} <path> is required`, EXIT.usage, 'usage');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, EXIT.rejected, 'invalid_input');
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new CliError(`${file} is not valid JSON: ${(err as Error).message}`, EXIT.rejected, 'invalid_input');
  }
}

export function exactlyOne<K extends string>(flags: { [name in K]?: unknown }, names: K[], what: string): K {
  const given = names.filter((n) => flags[n] !== undefined && flags[n] !== false);
  if (given.length !== 1) throw new CliError(`pass exactly one of ${names.map((n) => '--' + n.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())).join(' or ')} (${what})`, EXIT.rejected, 'invalid_input');
  return given[0];
}
