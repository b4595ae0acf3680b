// The runs screen's job line says what became of the job's deck (every job read
// `review` after its deck was approved and released).
import test from 'ava';
import type { GenerationJob } from '../../core/wire/decks.ts';
import { jobLine } from '../../tui/screens/Runs.tsx';

const job = (deck: GenerationJob['deck']): GenerationJob => ({
  id: 'j', team: { id: 't', name: 'Rocket' }, kind: 'jury', status: 'review', attempts: 1, lastError: null, skipReason: null, sha: 'a'.repeat(40), deck,
});

test('a job line carries its deck\'s review and release', (t) => {
  t.regex(jobLine(job({ id: 'd', version: 1, review: 'pending', release: 'not released' })), /deck v1 awaiting review$/);
  t.regex(jobLine(job({ id: 'd', version: 1, review: 'approved', release: 'not released' })), /deck v1 approved$/);
  t.regex(jobLine(job({ id: 'd', version: 2, review: 'approved', release: 'released' })), /deck v2 approved, released$/);
  t.regex(jobLine(job({ id: 'd', version: 1, review: 'rejected', release: 'not released' })), /deck v1 rejected$/);
});
