// Fast routes answer some GET requests before fastify sees them (the share-link file hot
// path): the whole answer from memory, or null to hand the request to fastify. A fast route
// must decide exactly as the fastify route would. Its answers are built once by fastAnswer()
// and written many times: the header list (with what every answer carries, the security
// headers onSend adds to fastify's answers, and the length) is assembled at build time, so a
// request costs no header object, spread or enumeration. The server adds the request metric
// and the log line of onResponse (api/server.ts serveFast).
import type http from 'node:http';

/** The headers every answer carries: fast answers have them built in, onSend adds them to fastify's. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });

/**
 * This instance's list: with an https PUBLIC_URL also Strict-Transport-Security (a year; not
 * includeSubDomains, the instance does not speak for its parent domain's other hosts), so a
 * browser that reached it once over https never sends a cookie over plain http again.
 * Computed once at boot.
 */
export function securityHeaders(publicUrl: string): Readonly<Record<string, string>> {
  if (!publicUrl.startsWith('https://')) return SECURITY_HEADERS;
  return Object.freeze({ ...SECURITY_HEADERS, 'strict-transport-security': 'max-age=31536000' });
}

export interface FastAnswer {
  readonly status: number;
  /** Every header of the answer, security headers and content-length included. */
  readonly headers: Readonly<Record<string, string>>;
  /** The same headers as writeHead's flat list (name, value, name, value, ...). */
  readonly head: readonly string[];
  readonly body: Buffer | string | null;
  /** The fastify route pattern it stands in for (the metric's `route` label). */
  readonly route: string;
}

export type FastRoute = (req: http.IncomingMessage) => FastAnswer | null;

/** An answer ready to write as often as needed (a 304 carries the headers but no body). */
export function fastAnswer(status: number, headers: Record<string, string>, body: Buffer | string | null, route: string, security = SECURITY_HEADERS): FastAnswer {
  const sent = status === 304 ? null : body;
  const all: Record<string, string> = { ...headers, ...security };
  if (sent !== null) all['content-length'] = String(typeof sent === 'string' ? Buffer.byteLength(sent) : sent.length);
  return Object.freeze({ status, headers: Object.freeze(all), head: Object.freeze(Object.entries(all).flat()), body: sent, route });
}
