// Each job's payload, by task name: graphile-worker types \`Task<'<name>'>\` and \`addJob\` from
// this declaration (GraphileWorker.Tasks), so a task reads its payload by its own name. The
// payloads arrive as JSON written by SQL (graphile_worker.add_job in the transaction that
// needs the job), so every task still checks the shape it was given before trusting it;
// test/workers/job-catalogue.test.ts checks that every enqueued name has its task.
import type { PushReport } from '../core/codehost/local-push.ts';

export interface ProvisionPayload {
  eventId: string;
  key: string;
  /** One team only (app_private.provision_again, 000281): its pass again, the run's summary left as it is. */
  projectId?: string;
}

export interface RevokePayload {
  eventId: string;
  login: string;
}

export interface NotifyPayload {
  deckId: string;
  kind: 'new' | 'edit';
}

export interface ThumbnailPayload {
  deckId: string;
  version: number;
}

/** decks__generate: one generation job of a run. */
export interface GeneratePayload {
  jobId: string;
}

export interface CapturePayload {
  projectId: string;
  sha: string;
}

export interface UsageRow {
  keyId: string;
  route: string;
  count: number;
  lastUsedAt: string;
}

/** mail__send: the template names the rest (workers/tasks/mail__send.ts reads each). */
export interface MailPayload {
  template: string;
  [field: string]: unknown;
}

/** What the crontab's runs carry (graphile-worker adds `_cron`). */
export type CronPayload = Record<string, unknown>;

declare global {
  namespace GraphileWorker {
    interface Tasks {
      codehost__provision: ProvisionPayload;
      codehost__revoke_access: RevokePayload;
      /** A local push the API could not record in process (core/codehost/local-push.ts). */
      codehost__record_push: PushReport;
      deck__notify_owner: NotifyPayload;
      deck__thumbnail: ThumbnailPayload;
      decks__generate: GeneratePayload;
      submissions__capture: CapturePayload;
      usage__flush: { rows: UsageRow[] };
      mail__send: MailPayload;
      submissions__freeze_sweep: CronPayload;
      workers__recover: CronPayload;
      live__prune: CronPayload;
    }
  }
}
