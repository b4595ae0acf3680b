// The read-only share link of a generated deck (the gallery's view). Its secret is derived
// from AUTH_SECRET and the generation job, so the worker that publishes the deck and every
// API replica that shows the gallery compute the same URL, and only its sha256 is stored
// (app.share_links + app_private.share_link_secrets, like every link). Whoever holds
// AUTH_SECRET holds these links; rotating AUTH_SECRET retires them (regenerate).
import { createHmac } from 'node:crypto';
import { sha256 } from '../crypto.ts';

export function generatedViewSecret(authSecret: string, jobId: string): string {
  return createHmac('sha256', authSecret).update(`podium generated deck view\0${jobId}`).digest('base64url');
}

export function generatedViewHash(authSecret: string, jobId: string): Buffer {
  return sha256(generatedViewSecret(authSecret, jobId));
}

export function generatedViewUrl(publicUrl: string, authSecret: string, jobId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/v/${generatedViewSecret(authSecret, jobId)}/`;
}
