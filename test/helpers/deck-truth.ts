// Checking generated decks against the archive, independently of core/decks/validate.ts:
// every citation (the file exists, the lines exist, what the claim quotes is at
// those lines, a code snippet is exactly its cited lines, a commit is in the pushed history), and every negative claim (its subject is
// really absent, checked here with a separate, broader oracle). Also a small ustar writer to
// make evidence archives of any shape (symlinks, binary and non-UTF-8 bytes, huge files).
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Evidence } from '../../core/decks/evidence.ts';
import { normalisePath } from '../../core/decks/tar.ts';
import type { Claim, CommitInfo, PushReceipt, Screen, Showcase } from '../../core/decks/types.ts';

export type Entry = { path: string; data: Buffer | string } | { path: string; link: string };

/** One ustar header block (typeflag `type`: "0" a file, "2" a symlink, "5" a directory…). */
export function header(name: string, size: number, type: string, link = ''): Buffer {
  const h = Buffer.alloc(512);
  const long = Buffer.byteLength(name) > 100;
  h.write(long ? name.slice(-99) : name, 0, 100, 'utf8');
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(size.toString(8).padStart(11, '0') + '\0', 124);
  h.write('00000000000\0', 136);
  h.write('        ', 148);
  h.write(type, 156);
  h.write(link, 157, 100, 'utf8');
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  return h;
}

const pad = (n: number) => Buffer.alloc((512 - (n % 512)) % 512);

/** A tar.gz of `entries` as git archive writes them (pax comment naming the commit), and its sha256. */
export function tarball(entries: Entry[], commit: string): { gz: Buffer; sha256: string } {
  const parts: Buffer[] = [];
  const pax = (records: Record<string, string>, type: string) => {
    const body = Buffer.from(Object.entries(records).map(([k, v]) => {
      const rec = ` ${k}=${v}\n`;
      let len = Buffer.byteLength(rec) + 1;
      while (String(len).length + Buffer.byteLength(rec) !== len) len++;
      return `${len}${rec}`;
    }).join(''));
    parts.push(header('pax_global_header', body.length, type), body, pad(body.length));
  };
  pax({ comment: commit }, 'g');
  for (const e of entries) {
    if (Buffer.byteLength(e.path) > 100) pax({ path: e.path }, 'x');
    if ('link' in e) {
      parts.push(header(e.path, 0, '2', e.link));
      continue;
    }
    const data = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data, 'utf8');
    parts.push(header(e.path, data.length, '0'), data, pad(data.length));
  }
  parts.push(Buffer.alloc(1024));
  const gz = gzipSync(Buffer.concat(parts));
  return { gz, sha256: createHash('sha256').update(gz).digest('hex') };
}

/** The evidence `entries` make, synchronously: what reading tarball(entries) yields (regular
 *  files only, paths normalised; test/core/decks-tar.test.ts checks the two agree), with that
 *  archive's sha256. Tests that read the archive itself use Evidence.open on tarball(). */
export function evidenceOf(entries: Entry[], commit: string): Evidence {
  const { sha256 } = tarball(entries, commit);
  const files = entries.flatMap((e) => {
    const p = 'data' in e ? normalisePath(e.path) : null;
    return p && 'data' in e ? [{ path: p, data: Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data, 'utf8') }] : [];
  });
  return Evidence.fromEntries(files, commit, sha256);
}

const norm = (s: string) => s.replace(/[*_`]/g, '').replace(/\s+/g, ' ').trim();

/** Quoted parts of a claim ("..."), leaving out one cut short by clipping (ends with …). */
export function quotedParts(text: string): string[] {
  return [...text.matchAll(/"([^"]+)"/g)].map((m) => m[1]!).filter((q) => !q.endsWith('…'));
}

/** Problems with one claim's citation against the archive and the pushed history ([] when it holds). */
export function citationProblems(c: Claim, ev: Evidence, commits: CommitInfo[] | null, frozenSha: string, showcase: Showcase | null = null, pushes: PushReceipt[] | null = null): string[] {
  const out: string[] = [];
  if (!c.cite) {
    if (!c.unverified) out.push(`"${c.text}" cites nothing and is not marked unverified`);
    return out;
  }
  if ('showcase' in c.cite) {
    const said = showcase?.[c.cite.showcase];
    if (!said) return [`"${c.text}" cites the showcase's ${c.cite.showcase}, which the team did not write`];
    for (const q of quotedParts(c.text)) if (!norm(said).includes(norm(q))) out.push(`"${c.text}": ${JSON.stringify(q)} is not in the showcase's ${c.cite.showcase}`);
    return out;
  }
  if ('receipt' in c.cite) {
    const r = c.cite.receipt;
    return (pushes ?? []).some((p) => p.sequence === r) ? [] : [`"${c.text}" cites push receipt #${r}, not one of the team's pushes`];
  }
  if ('commit' in c.cite) {
    const sha = c.cite.commit;
    if (sha !== frozenSha && !(commits ?? []).some((k) => k.sha === sha)) out.push(`"${c.text}" cites commit ${sha}, not in the pushed history`);
    return out;
  }
  const { path, start, end } = c.cite;
  const lines = ev.lines(path);
  if (!ev.get(path)) return [`"${c.text}" cites ${path}, not in the archive`];
  if (!lines) return [`"${c.text}" cites lines of ${path}, which is not text`];
  if (!(start >= 1 && end >= start && end <= lines.length)) return [`"${c.text}" cites ${path}:${start}-${end}; the file has ${lines.length} lines`];
  const cited = lines.slice(start - 1, end).join('\n');
  // a code screen's snippet is exactly the text of its cited lines
  if (c.quote !== undefined && c.quote !== cited) out.push(`"${c.text}" quotes ${JSON.stringify(c.quote)}, but ${path}:${start}-${end} holds ${JSON.stringify(cited)}`);
  const flat = norm(cited);
  for (const q of quotedParts(c.text)) {
    const forms = [q, JSON.stringify(q).slice(1, -1), norm(q)];
    if (!forms.some((f) => cited.includes(f) || flat.includes(norm(f)))) out.push(`"${c.text}": ${JSON.stringify(q)} is not at ${path}:${start}-${end}`);
  }
  const listed = /\blists \d+ [\w ]+?: (.+)$/.exec(c.text);
  if (listed) {
    for (const name of listed[1]!.split(', ').map((x) => x.replace(/…$/, '').trim()).filter((x) => x && x !== '…')) {
      if (!cited.includes(name)) out.push(`"${c.text}": ${name} is not at ${path}:${start}-${end}`);
    }
  }
  return out;
}

/** Negative claims: each must carry `absent`, and its subject must really be missing. The
 *  oracle is deliberately broader than the generator's probe (any hint of the subject counts). */
export function absenceProblems(c: Claim, ev: Evidence): string[] {
  const negative = /\b(has no|have no|holds no|names no|does not say|no test|not describe)\b/i.test(c.text) && !/^No commit/.test(c.text);
  if (!negative) return [];
  if (!c.absent) return [`"${c.text}" is negative but carries no structured absent subject`];
  const paths = ev.paths().filter((p) => !/(^|\/)node_modules\//.test(p));
  const base = (p: string) => p.split('/').pop()!;
  const pkgs = paths.filter((p) => base(p) === 'package.json').map((p) => {
    try {
      return JSON.parse(ev.get(p)?.text ?? 'null');
    } catch {
      return 'unparsed';
    }
  });
  const bad = pkgs.includes('unparsed');
  const readme = paths.some((p) => /^readme/i.test(base(p)));
  const start = pkgs.some((j) => j && typeof j === 'object' && j.scripts && ['start', 'dev', 'serve'].some((k) => typeof j.scripts[k] === 'string'));
  const described = pkgs.some((j) => j && typeof j === 'object' && (j.description || j.name));
  const subject = c.absent.subject;
  const found: string[] = [];
  if (bad && subject !== 'readme' && subject !== 'source' && subject !== 'next') found.push('a package.json that does not parse');
  if ((subject === 'readme' || subject === 'description' || subject === 'does') && readme) found.push('a README');
  if ((subject === 'description' || subject === 'does') && described) found.push('a described package.json');
  if ((subject === 'does' || subject === 'run') && start) found.push('a start script');
  // a Go main package, a README's shell block: ways to run it too
  if ((subject === 'does' || subject === 'run') && paths.some((p) => /\.go$/.test(p) && /func main\(/.test(ev.get(p)?.text ?? ''))) found.push('a Go main');
  if (subject === 'run' && paths.some((p) => /^readme/i.test(base(p)) && /^#+ .*(run|usage|install|start)[\s\S]*?^```/im.test(ev.get(p)?.text ?? ''))) found.push('run commands in a README');
  if (subject === 'tests' && (paths.some((p) => /(^|\/)(tests?|spec|__tests__)\/|[._-](test|spec)\.|(^|\/)test_/i.test(p)) || paths.some((p) => /#\[test\]/.test(ev.get(p)?.text ?? '')) || pkgs.some((j) => j?.scripts?.test && !/no test specified/.test(j.scripts.test)))) found.push('a test');
  // any test declared by content, whatever the file's name
  const declared = paths.some((p) => /\bdef test|func Test\w*\(|#\[(\w+::)?test\]|@Test\b|\[(Fact|Test)\]|^\s*(it|test|describe)\s*\(/m.test(ev.get(p)?.text ?? ''));
  if ((subject === 'tests' || subject === 'test_files') && declared) found.push('a test declared by content');
  if (subject === 'source' && paths.some((p) => /\.(js|ts|py|go|rs|java|rb|cs)$/.test(p))) found.push('a source file');
  if (subject === 'next' && paths.some((p) => /TODO|FIXME/.test(ev.get(p)?.text ?? ''))) found.push('a TODO');
  return found.map((f) => `"${c.text}" says ${subject} is absent but the archive holds ${f}`);
}

/** Every problem of a deck against the archive. */
export function deckProblems(screens: Screen[], ev: Evidence, commits: CommitInfo[] | null, frozenSha: string, showcase: Showcase | null = null, pushes: PushReceipt[] | null = null): string[] {
  return screens.flatMap((s) => s.claims.flatMap((c) => [...citationProblems(c, ev, commits, frozenSha, showcase, pushes), ...absenceProblems(c, ev)].map((p) => `${s.heading}: ${p}`)));
}
