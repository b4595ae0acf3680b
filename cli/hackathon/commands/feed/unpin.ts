// feed unpin <postId>: organizers.
import { moderation } from './shared.ts';

export const feedUnpin = moderation('unpin', 'Unpinned', 'Unpin a post (organizers)');
