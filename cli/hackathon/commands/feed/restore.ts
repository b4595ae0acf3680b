// feed restore <postId>: organizers; the post is visible again, without reactions.
import { moderation } from './shared.ts';

export const feedRestore = moderation('restore', 'Restored', 'Make a hidden post visible again (organizers)');
