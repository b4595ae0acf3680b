// feed pin <postId>: organizers; a hidden post cannot be pinned (post_hidden).
import { moderation } from './shared.ts';

export const feedPin = moderation('pin', 'Pinned', 'Pin a post (organizers; any channel, by post id)');
