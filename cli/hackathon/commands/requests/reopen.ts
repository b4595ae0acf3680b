// requests reopen <id>: prints `Reopened <id> (now <status>)`.
import { transition } from './shared.ts';

export const requestsReopen = transition('reopen', 'Reopened', 'Open a resolved request again; the claim is cleared (team, claiming advisor, organizer)');
