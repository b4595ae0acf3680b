// GET /api/v1/instance: discovery, read before any key is resolved.
import type { FastifyInstance } from 'fastify';
import type { Instance } from '../../../core/wire/identity.ts';
import type { ApiDeps } from '../../deps.ts';

export const API_VERSION = 'v1';

export function registerInstanceRoutes(app: FastifyInstance, { config }: ApiDeps): void {
  const methods = ['password'];
  const emailCode = Boolean(config.emailDriver && !config.hubUrl);
  if (emailCode) methods.push('email_code');
  if (config.hubUrl) methods.push('hub');
  const body = {
    name: 'Podium',
    apiVersion: API_VERSION,
    kind: config.hubUrl ? 'cloud' : 'self-hosted',
    url: config.publicUrl,
    // emailCodeTools: one emailed code may sign in both CLIs at once (`tools`).
    auth: { methods, ...(config.hubUrl ? { hubUrl: config.hubUrl } : {}), ...(emailCode ? { emailCodeTools: ['deck', 'hackathon'] as Array<'deck' | 'hackathon'> } : {}) },
    limits: { maxFileSizeMb: config.maxFileSizeMb },
  } satisfies Instance;
  app.get('/api/v1/instance', { config: { auth: 'public' } }, async () => body);
}
