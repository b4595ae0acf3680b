// requests claim <id>: prints `Claimed <id> (now <status>)`.
import { transition } from './shared.ts';

export const requestsClaim = transition('claim', 'Claimed', 'Take a help request (advisors)');
