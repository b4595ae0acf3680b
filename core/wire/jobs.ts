// Each job's payload, by task name: the one shape of the wire between whoever enqueues a job
// (SQL's graphile_worker.add_job in the transaction that needs it, core/usage.ts, the crontab)
// and the task that runs it. The payloads arrive as JSON written elsewhere, so every task parses
// its payload with its schema before trusting it (workers/job.ts); `GraphileWorker.Tasks`
// (workers/payloads.ts) is derived from these schemas, so `Task<'<name>'>` and `addJob` read
// the same shape. test/workers/job-catalogue.test.ts checks every task and every enqueued name
// has its schema here.
import * as z from 'zod';

/** The ids SQL writes into payloads: lower-case uuids, as the tasks always checked them. */
const id = z.string().regex(/^[0-9a-f-]{36}$/);

/** The tools a sign-in code mail names (core/mail/templates.ts words each). */
export const LoginCodeTool = z.enum(['deck', 'hackathon', 'deck+hackathon', 'browser']);

/** What the crontab's runs carry (graphile-worker adds `_cron`). */
export const CronPayload = z.record(z.string(), z.unknown());

export const ProvisionPayload = z.object({
  eventId: id,
  key: z.string().min(1),
  /** One team only (app_private.provision_again): its pass again, the run's summary left as it is. */
  projectId: id.optional(),
});

export const RevokePayload = z.object({ eventId: id, login: z.string().min(1).max(100) });

/** codehost__record_push: a local push the API could not record in process (core/codehost/local-push.ts). */
export const PushReport = z.object({
  id: z.string(),
  fullName: z.string(),
  text: z.string(),
  /** The hook's commits file (post-receive.sh), when it wrote one. */
  commits: z.string().nullable().optional(),
  user: z.object({ email: z.string() }),
});

export const NotifyPayload = z.object({ deckId: z.string(), kind: z.enum(['new', 'edit']) });

export const ThumbnailPayload = z.object({ deckId: z.string(), version: z.int().min(1) });

/** decks__generate: one generation job of a run. */
export const GeneratePayload = z.object({ jobId: id });

export const CapturePayload = z.object({ projectId: id, sha: z.string().regex(/^[0-9a-f]{40}$/) });

export const UsageRow = z.object({ keyId: z.string(), route: z.string(), count: z.int(), lastUsedAt: z.string() });

export const UsagePayload = z.object({ rows: z.array(UsageRow) });

/** mail__send: the template names the rest. An invitation carries no secret (its link is minted by the task). */
export const MailPayload = z.discriminatedUnion('template', [
  z.object({ template: z.literal('invitation'), invitationId: z.string().regex(/^[0-9a-fA-F]{8}-([0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/) }),
  z.object({ template: z.literal('login_code'), to: z.string(), tool: LoginCodeTool, sealedCode: z.string() }),
  z.object({ template: z.literal('hub_login_code'), to: z.string(), sealedCode: z.string() }),
  z.object({ template: z.literal('share_link'), to: z.string(), sealedUrl: z.string(), title: z.string(), sender: z.string(), message: z.string().nullable() }),
]);

/** Every job name with its payload's schema. */
export const JOBS = {
  codehost__provision: ProvisionPayload,
  codehost__revoke_access: RevokePayload,
  codehost__record_push: PushReport,
  deck__notify_owner: NotifyPayload,
  deck__thumbnail: ThumbnailPayload,
  decks__generate: GeneratePayload,
  submissions__capture: CapturePayload,
  usage__flush: UsagePayload,
  mail__send: MailPayload,
  submissions__freeze_sweep: CronPayload,
  workers__recover: CronPayload,
  live__prune: CronPayload,
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayloads = { [N in JobName]: z.infer<(typeof JOBS)[N]> };

export type ProvisionPayload = z.infer<typeof ProvisionPayload>;
export type RevokePayload = z.infer<typeof RevokePayload>;
export type PushReport = z.infer<typeof PushReport>;
export type NotifyPayload = z.infer<typeof NotifyPayload>;
export type ThumbnailPayload = z.infer<typeof ThumbnailPayload>;
export type GeneratePayload = z.infer<typeof GeneratePayload>;
export type CapturePayload = z.infer<typeof CapturePayload>;
export type UsageRow = z.infer<typeof UsageRow>;
export type MailPayload = z.infer<typeof MailPayload>;
export type CronPayload = z.infer<typeof CronPayload>;

/** The first problem zod found, as one short clause (`sha: Invalid string…`). */
export function firstIssue(error: z.ZodError): string {
  const i = error.issues[0];
  if (!i) return 'invalid';
  return i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message;
}

/**
 * A job's payload, parsed by its schema; a payload that does not fit throws
 * `<name>: malformed payload (<first problem>)` (or `malformed(payload)` when the task words it),
 * so the job fails loudly and graphile-worker records why.
 */
export function parseJob<N extends JobName>(name: N, payload: unknown, malformed?: (payload: unknown) => string): JobPayloads[N] {
  const r = JOBS[name].safeParse(payload);
  if (r.success) return r.data as JobPayloads[N];
  throw new Error(malformed ? malformed(payload) : `${name}: malformed payload (${firstIssue(r.error)})`);
}
