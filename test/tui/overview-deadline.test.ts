// The Overview's next deadline follows the server's answer: an early `voting close` ends the
// vote's deadline (the dashboard counted down "9 min left" to the configured close).
import test from 'ava';
import type { EventStatus } from '../../core/wire/event.ts';
import { nextDeadline } from '../../tui/screens/Overview.tsx';

const status = (over: Partial<EventStatus> = {}) => ({
  startsAt: '2026-05-01T08:00:00.000Z', buildEndsAt: '2026-05-01T16:00:00.000Z', freezeAt: '2026-05-01T16:15:00.000Z',
  voteOpensAt: '2026-05-01T16:30:00.000Z', voteClosesAt: '2026-05-01T17:00:00.000Z', voteClosedAt: null, ...over,
}) as EventStatus;
const at = (iso: string) => Date.parse(iso);

test('during the vote the next deadline is the configured close', (t) => {
  t.deepEqual(nextDeadline(status(), at('2026-05-01T16:51:00.000Z')), { label: 'vote closes', at: '2026-05-01T17:00:00.000Z' });
});

test('after an early close no deadline is ahead', (t) => {
  t.is(nextDeadline(status({ voteClosedAt: '2026-05-01T16:50:00.000Z' }), at('2026-05-01T16:51:00.000Z')), null);
});

test('an early close never hides a deadline before it', (t) => {
  t.deepEqual(nextDeadline(status({ voteClosedAt: '2026-05-01T16:50:00.000Z' }), at('2026-05-01T07:00:00.000Z')), { label: 'start', at: '2026-05-01T08:00:00.000Z' });
});
