// Each job's payload, by task name, derived from the schemas in core/wire/jobs.ts:
// graphile-worker types `Task<'<name>'>` and `addJob` from this declaration
// (GraphileWorker.Tasks), so a task reads its payload by its own name, and parses it with the
// same schema (parseJob) before trusting it.
import type { JobPayloads } from '../core/wire/jobs.ts';

declare global {
  namespace GraphileWorker {
    interface Tasks extends JobPayloads {}
  }
}
