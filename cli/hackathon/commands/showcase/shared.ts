// What showcase set and show share: the fields with their limits, the team query, the print.
import type { Context } from '../../context.ts';
import type { Showcase } from '../../../../core/wire/event.ts';

export const FIELDS = [
  ['product', 24, 'Product'],
  ['tagline', 140, 'Tagline'],
  ['description', 4000, 'Description'],
] as const;

export function teamQuery(team: string | undefined): string {
  return team ? `?team=${encodeURIComponent(team)}` : '';
}

export function print(ctx: Context, s: Showcase): void {
  ctx.out(`Team: ${s.team.name}`);
  for (const [key, , label] of FIELDS) {
    const v = s[key];
    ctx.out(`${label}: ${v === null || v === '' ? '-' : v.includes('\n') ? '\n' + v.split('\n').map((l) => '  ' + l).join('\n') : v}`);
  }
}
