// 6 Help and feed: open help requests waiting for an advisor, with their age on the server
// clock; the newest posts of the general feed. Both move with the live stream.
import { Box, Text } from 'ink';
import { age, clip } from '../format.ts';
import { useServerNow } from '../hooks/use-now.ts';
import { useRoute } from '../hooks/use-resource.ts';
import { useTui } from '../hooks/use-tui.ts';
import type { ScreenProps } from './screen.ts';

export function HelpFeed({ height, width }: ScreenProps) {
  const { theme } = useTui();
  const now = useServerNow();
  const requests = useRoute('GET /api/v1/event/requests', { query: '?status=open&limit=100' }, { kinds: ['request.changed'] });
  const feed = useRoute('GET /api/v1/event/feed/posts', { query: '?limit=10' }, { kinds: ['post.created', 'post.hidden', 'post.restored'] });
  const open = requests.data?.items ?? [];
  const half = Math.max(2, Math.floor((height - 2) / 2));
  return (
    <Box flexDirection="column">
      <Text bold>Waiting for an advisor: {requests.data ? open.length : '…'}</Text>
      {requests.error ? <Text color={theme.bad}>! {requests.error.message}</Text> : null}
      {[...open]
        .sort((a, b) => Date.parse(a.openedAt) - Date.parse(b.openedAt))
        .slice(0, half)
        .map((r) => (
          <Text key={r.id} color={now - Date.parse(r.openedAt) > 15 * 60_000 ? theme.warn : undefined}>
            {clip(`  ${age(Date.parse(r.openedAt), now).padStart(7)}  ${r.team.name}: ${r.title}`, width)}
          </Text>
        ))}
      <Text bold>Newest feed posts</Text>
      {feed.error ? <Text color={theme.bad}>! {feed.error.message}</Text> : null}
      {(feed.data?.items ?? []).slice(0, half).map((p) => (
        <Text key={p.id}>{clip(`  ${p.at.slice(11, 16)} ${p.author?.name ?? 'platform'}${p.role === 'organizer' ? ' [organizer]' : ''}: ${p.body.replace(/\s+/g, ' ')}`, width)}</Text>
      ))}
    </Box>
  );
}
