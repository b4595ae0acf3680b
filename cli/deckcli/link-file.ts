// The deck link file `.deckcli.json` in a deck folder: { presentationId, baseUrl }.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CliError, EXIT } from '../lib/errors.ts';

export const LINK_FILE = '.deckcli.json';

export interface DeckLink {
  presentationId: string;
  baseUrl: string;
}

export function readLink(folder: string): DeckLink | null {
  const file = path.join(folder, LINK_FILE);
  if (!existsSync(file)) return null;
  let raw: any;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new CliError(`${file} is not valid JSON`, EXIT.rejected, 'invalid_link_file');
  }
  if (typeof raw?.presentationId !== 'string' || !raw.presentationId || typeof raw.baseUrl !== 'string') {
    throw new CliError(`${file} needs presentationId and baseUrl strings`, EXIT.rejected, 'invalid_link_file');
  }
  return { presentationId: raw.presentationId, baseUrl: raw.baseUrl };
}

/** The link's instance, refused unless it is a plain http(s) URL (it reaches the opener and the wire). */
export function linkBaseUrl(link: DeckLink, folder: string): string {
  let u: URL | null = null;
  try {
    u = new URL(link.baseUrl);
  } catch {
    /* refused below */
  }
  if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password) {
    throw new CliError(`${path.join(folder, LINK_FILE)} names an instance that is not an http(s) URL: ${link.baseUrl}`, EXIT.rejected, 'invalid_link_file');
  }
  return (u.origin + u.pathname).replace(/\/+$/, '');
}

export function deckPageUrl(baseUrl: string, id: string): string {
  return `${baseUrl}/decks/${encodeURIComponent(id)}/present`;
}

export function writeLink(folder: string, link: DeckLink): void {
  writeFileSync(path.join(folder, LINK_FILE), JSON.stringify(link, null, 2) + '\n', { mode: 0o644 });
}
