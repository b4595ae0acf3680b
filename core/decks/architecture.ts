// "How it works" as a picture: the parts of the project and the calls
// between them, drawn only from what the archive says. A compose file gives the services (each
// cited at its lines), their image or build folder, the ports they publish, and the edges its
// depends_on/links lines and connection strings name; the code of a service's build folder
// adds the calls it makes to another service by host name. Without a compose file, a
// datastore's client library in a manifest is an edge from the project to that datastore (cited
// at the dependency list). A literal https URL that the code fetches is an external API. Drawn
// as an inline SVG (render.ts) with a text alternative; nothing is drawn from guesses.
import { isMap, isScalar, isSeq, parseDocument, type Node as YamlNode, type Pair } from 'yaml';
import type { Evidence } from './evidence.ts';
import { LineIndex, type Manifest } from './manifests.ts';
import type { Citation, Diagram, DiagramEdge, DiagramNode } from './types.ts';

export type { Diagram, DiagramEdge, DiagramNode };

const STORE_IMAGE = /^(?:[\w.-]+\/)*(postgres|postgis|mysql|mariadb|redis|valkey|mongo|memcached|rabbitmq|elasticsearch|opensearch|cassandra|minio|nats|kafka|zookeeper|clickhouse|influxdb|neo4j|couchdb|etcd)(?:[:@]|$)/i;
/** Client libraries of a datastore, by the store they talk to. */
const STORE_CLIENTS: [RegExp, string][] = [
  [/^(pg|postgres|pg-promise|psycopg2?(-binary)?|asyncpg|github\.com\/lib\/pq|github\.com\/jackc\/pgx(\/v\d+)?|org\.postgresql:postgresql|postgresql)$/i, 'PostgreSQL'],
  [/^(redis|ioredis|github\.com\/(go-redis|redis)\/(redis|go-redis)(\/v\d+)?|redis-py|jedis)$/i, 'Redis'],
  [/^(mongodb|mongoose|pymongo|motor|go\.mongodb\.org\/mongo-driver)$/i, 'MongoDB'],
  [/^(mysql|mysql2|pymysql|mysqlclient|github\.com\/go-sql-driver\/mysql)$/i, 'MySQL'],
  [/^(sqlite3|better-sqlite3|github\.com\/mattn\/go-sqlite3)$/i, 'SQLite'],
  [/^(amqplib|pika|github\.com\/rabbitmq\/amqp091-go)$/i, 'RabbitMQ'],
];
const MAX_NODES = 9;
const MAX_EXTERNAL = 3;

const cite = (path: string, start: number, end = start): Citation => ({ path, start, end });

/** A node's line span within the compose text. */
function span(index: LineIndex, node: { range?: [number, number, number] | null } | null | undefined, key?: { range?: [number, number, number] | null } | null): { start: number; end: number } | null {
  const from = key?.range?.[0] ?? node?.range?.[0];
  const to = node?.range?.[1] ?? key?.range?.[1];
  if (from === undefined || to === undefined) return null;
  const s = index.span(from, Math.max(from, to - 1));
  return s;
}

function scalars(n: unknown): { value: string; node: YamlNode }[] {
  if (isSeq(n)) return n.items.filter(isScalar).map((x) => ({ value: String(x.value), node: x }));
  if (isMap(n)) return n.items.map((p) => ({ value: isScalar(p.key) ? String(p.key.value) : '', node: (p.key ?? p.value) as YamlNode })).concat(
    n.items.filter((p) => isScalar(p.value)).map((p) => ({ value: `${isScalar(p.key) ? p.key.value : ''}=${(p.value as any).value}`, node: p.value as YamlNode })));
  return [];
}

/** A string naming `host` as a host: a URL's host (scheme://[user@]host[:port]), or the whole value. */
const namesHost = (value: string, host: string) => {
  const h = host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|=|://|@)${h}(:\\d+)?(/|$|\\s|")`).test(value.trim()) || value.trim() === host;
};

function fromCompose(ev: Evidence, path: string): Diagram | null {
  const text = ev.get(path)?.text;
  if (!text) return null;
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length || !isMap(doc.contents)) return null;
  const index = new LineIndex(text);
  const services = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === 'services');
  if (!services || !isMap(services.value)) return null;
  const nodes: DiagramNode[] = [];
  const edges: DiagramEdge[] = [];
  const pairs = services.value.items.filter((p): p is Pair<any, any> => isScalar(p.key)).slice(0, MAX_NODES);
  const names = pairs.map((p) => String(p.key.value));
  const builds = new Map<string, string>();
  for (const p of pairs) {
    const name = String(p.key.value);
    const at = span(index, p.value, p.key);
    if (!at) continue;
    const get = (k: string) => (isMap(p.value) ? p.value.items.find((x: Pair) => isScalar(x.key) && x.key.value === k) : undefined);
    const image = get('image');
    const build = get('build');
    const imageName = image && isScalar(image.value) ? String(image.value.value) : null;
    let buildDir: string | null = null;
    if (build && isScalar(build.value)) buildDir = String(build.value.value);
    else if (build && isMap(build.value)) {
      const ctx = build.value.items.find((x: Pair) => isScalar(x.key) && x.key.value === 'context');
      if (ctx && isScalar(ctx.value)) buildDir = String(ctx.value.value);
    }
    if (buildDir) builds.set(name, buildDir.replace(/^\.\/?/, '').replace(/\/$/, ''));
    const ports = scalars(get('ports')?.value).map((x) => x.value.replace(/^.*?(\d+):\d+(\/\w+)?$/, '$1')).filter((x) => /^\d+$/.test(x));
    const detail = [imageName ?? (buildDir ? `build ${buildDir}` : null), ports.length ? `port ${ports.join(', ')}` : null].filter(Boolean).join(' · ') || null;
    nodes.push({ id: name, label: name, kind: imageName && STORE_IMAGE.test(imageName) ? 'datastore' : 'service', detail, cite: cite(path, at.start, at.end) });
    // depends_on and links name their targets; environment values name them as hosts
    for (const k of ['depends_on', 'links']) {
      for (const x of scalars(get(k)?.value)) {
        const target = x.value.split(':')[0]!;
        const line = span(index, x.node);
        if (names.includes(target) && line && !x.value.includes('=')) addEdge(edges, name, target, cite(path, line.start));
      }
    }
    for (const x of scalars(get('environment')?.value)) {
      const line = span(index, x.node);
      for (const target of names) if (target !== name && line && namesHost(x.value.replace(/^[^=]*=/, ''), target)) addEdge(edges, name, target, cite(path, line.start));
    }
  }
  // the calls a service's own code makes to another service by its host name
  const hostForms = new Map(names.map((target) => {
    const h = target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return [target, new RegExp(`(://|@)${h}[:/"']|\\b(host|hostname|server|addr|Host)\\s*[=:]\\s*["']${h}["']|["']${h}:\\d+["']|\\w+\\(\\s*["']${h}["']`)];
  }));
  for (const [name, dir] of builds) {
    const files = ev.paths().filter((x) => (dir === '' || x.startsWith(`${dir}/`)) && /\.(py|[cm]?[jt]sx?|go|rb|java|cs|rs|php)$/.test(x) && !/(^|\/)node_modules\//.test(x));
    for (const target of names) {
      if (target === name || edges.some((e) => e.from === name && e.to === target)) continue;
      const re = hostForms.get(target)!;
      for (const p of files) {
        const i = (ev.lines(p) ?? []).findIndex((l) => l.length < 300 && l.includes(target) && re.test(l));
        if (i >= 0) {
          addEdge(edges, name, target, cite(p, i + 1));
          break;
        }
      }
    }
  }
  return nodes.length ? { nodes, edges } : null;
}

function addEdge(edges: DiagramEdge[], from: string, to: string, c: Citation) {
  if (from !== to && !edges.some((e) => e.from === from && e.to === to)) edges.push({ from, to, cite: c });
}

/** Without a compose file: the project and the datastores its manifests' client libraries reach. */
function fromManifests(manifests: Manifest[], project: string): Diagram | null {
  const nodes: DiagramNode[] = [];
  const edges: DiagramEdge[] = [];
  for (const m of manifests) {
    for (const g of m.dependencies.filter((x) => x.kind === 'runtime')) {
      for (const n of g.names) {
        const store = STORE_CLIENTS.find(([re]) => re.test(n))?.[1];
        if (!store || nodes.some((x) => x.id === store)) continue;
        const c = cite(m.path, g.start, g.end);
        nodes.push({ id: store, label: store, kind: 'datastore', detail: `client ${n}`, cite: c });
        edges.push({ from: project, to: store, cite: c });
      }
    }
  }
  return nodes.length ? { nodes, edges } : null;
}

const CALL = /\b(?:fetch|axios(?:\.\w+)?|got|requests\.(?:get|post|put|patch|delete)|httpx\.\w+|urlopen|http\.(?:Get|Post)|client\.(?:get|post)|ky|superagent\.\w+)\s*\(\s*[`'"]https:\/\/(?<host>[a-z0-9.-]+\.[a-z]{2,})[^`'"\s]*/i;

/** External APIs the code calls by a literal https URL (never in a comment, never localhost). */
function externals(ev: Evidence, sources: string[], owner: (path: string) => string): { host: string; from: string; cite: Citation }[] {
  const out: { host: string; from: string; cite: Citation }[] = [];
  for (const p of sources) {
    const lines = ev.lines(p)!;
    for (let i = 0; i < lines.length && out.length < MAX_EXTERNAL; i++) {
      const l = lines[i]!;
      if (l.length > 400 || !l.includes('https://') || /^\s*(\/\/|#|\*|\/\*)/.test(l)) continue;
      const m = CALL.exec(l);
      const host = m?.groups?.host?.toLowerCase();
      if (!host || /(^|\.)(localhost|example\.(com|org))$/.test(host) || out.some((x) => x.host === host)) continue;
      out.push({ host, from: owner(p), cite: cite(p, i + 1) });
    }
  }
  return out;
}

/** The diagram of the archive, or null when it holds fewer than two parts. */
export function architecture(ev: Evidence, manifests: Manifest[], sources: string[], composePath: string | null, project: string): Diagram | null {
  const compose = [composePath, 'compose.yaml', 'compose.yml', 'docker-compose.yml', 'docker-compose.yaml'].find((p) => p && ev.get(p)?.text) ?? null;
  let d = compose ? fromCompose(ev, compose) : null;
  // which service's folder a source file is in (the build folder its compose entry names)
  const builds = (d?.nodes ?? []).map((n) => ({ id: n.id, dir: /build (\S+)/.exec(n.detail ?? '')?.[1]!.replace(/^\.\/?/, '').replace(/\/$/, '') ?? null }));
  if (!d) {
    const stores = fromManifests(manifests, project);
    const entry = manifests[0];
    if (!stores && !entry) return null;
    const root: DiagramNode = { id: project, label: project, kind: 'service', detail: null, cite: entry ? cite(entry.path, entry.whole.start, entry.whole.end) : stores!.nodes[0]!.cite };
    d = { nodes: [root, ...(stores?.nodes ?? [])], edges: stores?.edges ?? [] };
  }
  const owner = (p: string) => builds.find((b) => b.dir !== null && (b.dir === '' || p.startsWith(`${b.dir}/`)))?.id ?? d!.nodes[0]!.id;
  for (const x of externals(ev, sources, owner)) {
    if (d.nodes.length >= MAX_NODES) break;
    d.nodes.push({ id: `ext:${x.host}`, label: x.host, kind: 'external', detail: 'external API', cite: x.cite });
    d.edges.push({ from: x.from, to: `ext:${x.host}`, cite: x.cite });
  }
  return d.nodes.length > 1 ? d : null;
}

/** Every citation the diagram rests on, in order, each once. */
export function diagramCites(d: Diagram): Citation[] {
  const seen = new Set<string>();
  const out: Citation[] = [];
  for (const c of [...d.nodes.map((n) => n.cite), ...d.edges.map((e) => e.cite)]) {
    const k = JSON.stringify(c);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(c);
    }
  }
  return out;
}

/** What the diagram's claim cites: the lines of the file its first part is drawn from that
 *  hold every part and edge drawn from that file (the compose file's services). */
export function diagramSpan(d: Diagram): Citation {
  const first = d.nodes[0]!.cite;
  if (!('path' in first)) return first;
  const same = diagramCites(d).filter((c): c is { path: string; start: number; end: number } => 'path' in c && c.path === first.path);
  return { path: first.path, start: Math.min(...same.map((c) => c.start)), end: Math.max(...same.map((c) => c.end)) };
}

/** The diagram in words: its text alternative, and the claim on the screen. */
export function diagramText(d: Diagram): string {
  const label = (id: string) => d.nodes.find((n) => n.id === id)?.label ?? id;
  const parts = d.nodes.filter((n) => n.kind !== 'external').map((n) => {
    const to = d.edges.filter((e) => e.from === n.id).map((e) => label(e.to));
    return `${n.label}${n.detail ? ` (${n.detail})` : ''}${to.length ? ` calls ${to.join(', ')}` : ''}`;
  });
  return parts.join('; ');
}
