// The live log's rows checked against the wire contract (core/wire/live.ts): what real
// changes wrote, each payload parsed by its kind's schema. A test that makes changes ends with
// `t.deepEqual(await unfitLiveRows(pool), [])`.
import type pg from 'pg';
import { LIVE_KINDS, isLiveKind } from '../../core/wire/live.ts';

/** Rows of app_private.live_events whose kind has no schema or whose payload does not fit it (with the first problem). */
export async function unfitLiveRows(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ id: string; kind: string; payload: unknown }>('select id, kind, payload from app_private.live_events order by id');
  const out: string[] = [];
  for (const r of rows) {
    if (!isLiveKind(r.kind)) {
      out.push(`${r.id} ${r.kind}: no schema`);
      continue;
    }
    const p = LIVE_KINDS[r.kind].safeParse(r.payload);
    if (!p.success) out.push(`${r.id} ${r.kind}: ${p.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return out;
}
