// The evidence archive reader (core/decks/tar.ts: a streaming gunzip into tar-stream): what it
// reads agrees with the synchronous test helper (evidenceOf) for every shape the tests build;
// a broken gzip, a broken or truncated tar, and an archive over either limit are refused as
// unreadable; and a limit stops the read where it is crossed, without inflating the rest.
import test from 'ava';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { createGzip, gzipSync } from 'node:zlib';
import { Evidence, EvidenceError, EVIDENCE_LIMITS } from '../../core/decks/evidence.ts';
import { readTarGz, TarError } from '../../core/decks/tar.ts';
import { evidenceOf, header, tarball, type Entry } from '../helpers/deck-truth.ts';

const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const open = (gz: Buffer) => Evidence.open(gz, sha256(gz));

test('every shape of entry reads as the helper says: files only, paths normalised, long names, the commit', async (t) => {
  const long = `src/${'deep/'.repeat(30)}main.go`;
  const entries: Entry[] = [
    { path: 'README.md', data: '# Rocket\n\nIt lists.\n' },
    { path: './src//app.js', data: 'run();\n' },
    { path: long, data: 'package main\n' },
    { path: 'logo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]) },
    { path: 'latin1.txt', data: Buffer.from([0x63, 0x61, 0x66, 0xe9]) },
    { path: '../escape.txt', data: 'no\n' },
    { path: '/etc/passwd', data: 'no\n' },
    { path: 'docs/README.md', link: '../README.md' },
    { path: 'empty.txt', data: '' },
  ];
  const { gz } = tarball(entries, SHA);
  const read = await open(gz);
  const helper = evidenceOf(entries, SHA);
  t.is(read.commit, SHA);
  t.deepEqual(read.paths(), helper.paths());
  t.deepEqual(read.paths(), ['README.md', 'empty.txt', 'latin1.txt', 'logo.png', long, 'src/app.js'].sort());
  for (const p of read.paths()) t.deepEqual(read.get(p), helper.get(p), p);
  t.is(read.lines('README.md')![2], 'It lists.');
  t.is(read.get('latin1.txt')!.text, null);
});

test('not gzip, not a tar, a truncated tar: unreadable, saying which', async (t) => {
  const notGzip = Buffer.from('not gzip at all');
  const a = await t.throwsAsync(open(notGzip), { instanceOf: EvidenceError, message: /^The evidence archive is not a readable gzip file: / });
  t.is(a?.code, 'unreadable');
  const { gz } = tarball([{ path: 'a.txt', data: 'x'.repeat(5000) }], SHA);
  await t.throwsAsync(open(gz.subarray(0, gz.length - 8)), { instanceOf: EvidenceError, message: /not a readable gzip file/ });
  const notTar = gzipSync(Buffer.alloc(2048, 0x41));
  const b = await t.throwsAsync(open(notTar), { instanceOf: EvidenceError, message: /^The evidence archive is not a readable tar: bad header/ });
  t.is(b?.code, 'unreadable');
  const tar = Buffer.concat([header('a.txt', 5000, '0'), Buffer.alloc(1024, 0x61)]);
  await t.throwsAsync(open(gzipSync(tar)), { instanceOf: EvidenceError, message: /^The evidence archive is not a readable tar: truncated archive$/ });
});

test('over the entry count or the byte total: refused at the header that crosses it', async (t) => {
  const entries = Array.from({ length: 5 }, (_, i) => ({ path: `f${i}.txt`, data: 'abc\n' }));
  const { gz } = tarball(entries, SHA);
  await t.throwsAsync(readTarGz(gz, { maxEntries: 4, maxBytes: 1000 }), { instanceOf: TarError, message: 'more than 4 files' });
  await t.throwsAsync(readTarGz(gz, { maxEntries: 10, maxBytes: 19 }), { instanceOf: TarError, message: 'more than 19 bytes uncompressed' });
  t.is((await readTarGz(gz, { maxEntries: 5, maxBytes: 20 })).entries.length, 5, 'exactly at both limits is read');
  // a header naming a file larger than the evidence limit: refused without its bytes existing
  const bomb = gzipSync(Buffer.concat([header('huge.bin', EVIDENCE_LIMITS.maxBytes + 1, '0'), Buffer.alloc(4096)]));
  const e = await t.throwsAsync(open(bomb), { instanceOf: EvidenceError, message: `The evidence archive is not a readable tar: more than ${EVIDENCE_LIMITS.maxBytes} bytes uncompressed` });
  t.is(e?.code, 'unreadable');
});

/** A gzip stream of a tar whose one entry (typeflag `type`) claims `size` bytes of zeros,
 *  made as it is read; `pulled()` says how many tar bytes were made so far. */
function endless(type: string, size: number) {
  let pulled = 0;
  const zeros = Buffer.alloc(64 * 1024);
  const tar = Readable.from((function* () {
    yield header('bomb.bin', size, type);
    pulled += 512;
    for (let left = size; left > 0; left -= zeros.length) {
      pulled += zeros.length;
      yield zeros;
    }
  })());
  const gz = tar.pipe(createGzip());
  return { gz, pulled: () => pulled, stop: () => tar.destroy() };
}

test('a gzip bomb stops early: a limit crossed ends the read, the rest is never inflated', async (t) => {
  const GiB = 1024 * 1024 * 1024;
  const file = endless('0', GiB);
  await t.throwsAsync(readTarGz(file.gz, { maxEntries: 10, maxBytes: 1024 * 1024 }), { instanceOf: TarError, message: 'more than 1048576 bytes uncompressed' });
  t.true(file.pulled() < 64 * 1024 * 1024, `read ${file.pulled()} of ${GiB} bytes`);
  file.stop();
  // an entry that is not a file is skipped, not kept: the stream's own bound stops it
  const link = endless('2', GiB);
  await t.throwsAsync(readTarGz(link.gz, { maxEntries: 10, maxBytes: 1024 * 1024 }), { instanceOf: TarError, message: /unpacks to more than/ });
  t.true(link.pulled() < 64 * 1024 * 1024, `read ${link.pulled()} of ${GiB} bytes`);
  link.stop();
});
