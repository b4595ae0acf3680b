// requests unclaim <id>: prints `Unclaimed <id> (now <status>)`.
import { transition } from './shared.ts';

export const requestsUnclaim = transition('unclaim', 'Unclaimed', 'Let a claimed request go (the claiming advisor or an organizer)');
