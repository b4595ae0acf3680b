// Times as people read them, shared by the CLIs and the terminal dashboard: durations
// (timeLeft) and instants in tables.

/** The time from one instant to another, never negative: `2h 05m 09s`. */
export function timeLeft(fromIso: string, toIso: string): string {
  const s = Math.max(0, Math.floor((Date.parse(toIso) - Date.parse(fromIso)) / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}h ${String(m).padStart(2, '0')}m ${String(s % 60).padStart(2, '0')}s`;
}

// Instants in tables: ISO 8601 in a named zone, to the second (the wire carries UTC with
// microseconds; a table shows `2026-11-27T04:27:28+01:00`). The zone is the event's when the
// answer names it, else this machine's (TZ). `--json` never goes through here.
const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
      hourCycle: 'h23', timeZoneName: 'longOffset',
    });
    formats.set(zone, f);
  }
  return f;
}

/** This machine's zone: TZ when it names an IANA zone, else the system's. */
export function localZone(env: NodeJS.ProcessEnv = process.env): string {
  return knownZone(env.TZ) ? env.TZ : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Whether `zone` is an IANA name this runtime knows. */
export function knownZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    format(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * `iso` in `zone` (default: this machine's), to the second, with its offset (`+00:00` for UTC).
 * Null, undefined or an unparsable value comes back as given (`-` for none), never as a guess.
 */
export function when(iso: string | null | undefined, zone?: string | null): string {
  if (iso === null || iso === undefined || iso === '') return '-';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const z = knownZone(zone) ? zone : localZone();
  const p = Object.fromEntries(format(z).formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const offset = p.timeZoneName === 'GMT' ? '+00:00' : p.timeZoneName.replace(/^GMT/, '');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset}`;
}

/** A UTC instant with the event's own time beside it: `2026-05-01T08:00:00.000Z (2026-05-01T10:00:00+02:00 Europe/Berlin)`. */
export function withEventTime(iso: string, zone: string | null | undefined): string {
  return knownZone(zone) && zone !== 'UTC' && zone !== 'Etc/UTC' ? `${iso} (${when(iso, zone)} ${zone})` : iso;
}
