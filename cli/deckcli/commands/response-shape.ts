// How responses and response name the share link a form response came through (its shapes
// are core/wire/deck.ts's FormResponse and LinkRef).
import type { LinkRef } from '../../../core/wire/deck.ts';

export const linkLabel = (l: LinkRef | null) => (l ? l.name ?? l.id : '-');
