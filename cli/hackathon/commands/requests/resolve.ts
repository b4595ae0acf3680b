// requests resolve <id>: prints `Resolved <id> (now <status>)`.
import { transition } from './shared.ts';

export const requestsResolve = transition('resolve', 'Resolved', 'Resolve a request; its thread becomes read-only (team, claiming advisor, organizer)');
