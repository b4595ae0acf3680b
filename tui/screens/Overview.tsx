// 1 Overview: event name, phase, next deadline counting down on the server clock, intake
// state, and one line of the instance's health.
import { Box, Text } from 'ink';
import { deadlineAhead, type EventStatus } from '../../core/wire/event.ts';
import { timeLeft } from '../format.ts';
import { useServerNow } from '../hooks/use-now.ts';
import { useResource, useRoute } from '../hooks/use-resource.ts';
import { useTui } from '../hooks/use-tui.ts';
import type { ScreenProps } from './screen.ts';

export interface InstanceHealth {
  status: string;
  apiReplicas: number | null;
  workers: { role: string; ageSeconds: number }[];
  queue: { queued: number | null; oldestAgeSeconds: number | null };
  scheduler: { ok: boolean; ageSeconds: number | null };
}

const DEADLINES = [
  ['start', 'startsAt'],
  ['build end', 'buildEndsAt'],
  ['freeze', 'freezeAt'],
  ['vote opens', 'voteOpensAt'],
  ['vote closes', 'voteClosesAt'],
] as const;

export function nextDeadline(s: EventStatus, nowMs: number): { label: string; at: string } | null {
  const d = DEADLINES.find(([, k]) => deadlineAhead(s, k, nowMs));
  return d ? { label: d[0], at: s[d[1]] } : null;
}

/**
 * The event phase as words: it is the build's phase (scheduled, building, grace, closed), so
 * `closed` says `build closed` and the vote's own state goes beside it (read from the server).
 */
export function phaseLine(phase: string, voteState: string | null): string {
  const words = phase === 'closed' ? 'build closed' : phase === 'grace' ? 'grace (pushes still accepted until the freeze)' : phase;
  return voteState ? `${words} · vote ${voteState}` : words;
}

export function healthLine(h: InstanceHealth): string {
  const workers = h.workers.length ? `${h.workers.length} worker${h.workers.length === 1 ? '' : 's'} (newest beat ${Math.min(...h.workers.map((w) => w.ageSeconds))}s ago)` : 'no worker heartbeat';
  const oldest = h.queue.oldestAgeSeconds === null ? '' : `, oldest ${h.queue.oldestAgeSeconds}s`;
  return `Health: ${h.status} · API replicas ${h.apiReplicas ?? '?'} · ${workers} · queue ${h.queue.queued ?? '?'}${oldest}`;
}

export function Overview(_props: ScreenProps) {
  const { theme, clock } = useTui();
  const now = useServerNow();
  const status = useRoute('GET /api/v1/event/status', {}, { refresh: true });
  const subs = useRoute('GET /api/v1/submissions', {}, { kinds: ['receipt.recorded'], refresh: true });
  const health = useResource<InstanceHealth>('/api/v1/event/health', { refresh: true });
  // The vote's state (open, closed, ...) is not the build phase: read only while the vote section is on.
  const vote = useRoute(status.data?.voteSection === 'on' ? 'GET /api/v1/community/status' : null, {}, { kinds: ['vote.coverage'], refresh: true });
  const s = status.data;
  if (status.error) return <Text bold color={theme.bad}>! {status.error.message}</Text>;
  if (!s) return <Text>Loading the event…</Text>;
  const next = clock.known ? nextDeadline(s, now) : null;
  return (
    <Box flexDirection="column">
      <Text bold>{s.name}</Text>
      <Text>
        Phase: <Text bold color={theme.accent}>{phaseLine(s.phase, s.voteSection === 'on' ? (vote.data?.voteState ?? null) : null)}</Text> · server time {new Date(now).toISOString().slice(0, 19)}Z
      </Text>
      <Text>
        {next ? (
          <>
            Next deadline: {next.label} at {next.at} (<Text bold>{timeLeft(new Date(now).toISOString(), next.at)}</Text> left)
          </>
        ) : (
          'Next deadline: none (every deadline has passed)'
        )}
      </Text>
      {s.voteClosedAt ? <Text>Vote closed early at {s.voteClosedAt}</Text> : null}
      {s.resultsReleased ? <Text bold color={theme.accent}>Results released (version {s.resultsReleased.version}, {s.resultsReleased.releasedAt})</Text> : null}
      <Text>Vote section: {s.voteSection} · teams: {s.teams.length}</Text>
      <Text>
        Intake: {subs.data ? subs.data.intake : '…'}
        {subs.data && subs.data.attentionCount > 0 ? <Text bold color={theme.bad}> ! {subs.data.attentionCount} need attention</Text> : null}
      </Text>
      {s.notices.slice(0, 2).map((n) => (
        <Text key={n.at}>
          Notice ({n.at}): build end moved to {n.buildEndsAt}: {n.reason}
        </Text>
      ))}
      <Text>{health.data ? healthLine(health.data) : health.error ? `Health: ${health.error.message}` : 'Health: …'}</Text>
    </Box>
  );
}
