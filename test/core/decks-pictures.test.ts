// Pictures and the title of a generated deck, pure: the images the README
// embeds by a relative path and the screenshots in the tree become files of the deck (their
// own bytes, content-addressed), each captioned with its path; what is not a picture of the
// project (a remote badge, an SVG, a file whose bytes are not its format, an icon, vendored
// or the template's own picture) is left out. The title screen names the project and its
// one line: the showcase, else the README's title and first sentence, else a manifest's
// description, each cited at lines that hold it.
import test from 'ava';
import sharp from 'sharp';
import { buildDeck } from '../../core/decks/generate.ts';
import { projectIdentity } from '../../core/decks/identity.ts';
import { findPictures, MAX_CANDIDATES, sniff } from '../../core/decks/pictures.ts';
import type { DeckTemplate, GenerateInput } from '../../core/decks/types.ts';
import { evidenceOf, type Entry } from '../helpers/deck-truth.ts';

const JURY: DeckTemplate = {
  kind: 'jury', name: 'jury', description: 'Five-minute live presentation for the jury', schemaVersion: 1, screens: { min: 6, max: 8 }, maxClaimChars: 240, maxClaimsPerScreen: 6,
  headings: ['Problem', 'What it does', 'How it works', 'What was built in the event', 'Evidence it runs', 'What is tested', 'What is next', 'The evidence']
    .map((heading, i) => ({ heading, required: i < 6 })),
};
const SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';

const evidence = (entries: Entry[]) => evidenceOf(entries, SHA);
function input(entries: Entry[], over: Partial<GenerateInput> = {}): GenerateInput {
  const ev = evidence(entries);
  return {
    template: JURY, team: 'Rocket', eventName: 'Spring Hack', sha: SHA, archiveName: `submission-${SHA.slice(0, 12)}.tar.gz`, archiveSha256: ev.archiveSha256,
    repository: 'acme/rocket', window: { startsAt: '2030-05-01T09:00:00.000Z', freezeAt: '2030-05-02T09:15:00.000Z' }, evidence: ev,
    commits: [{ sha: SHA, author: '0123456789abcdef', at: '2030-05-01T12:00:00Z', subject: 'Build it' }], ...over,
  };
}

const image = (format: 'png' | 'jpeg' | 'gif' | 'webp', width: number, height: number, r = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 140, b: 200 } } }).toFormat(format).toBuffer();

const README = `# Rocket Lists

Rocket keeps a family's shopping lists in sync. It runs on any phone.

![build](https://ci.example.test/badge.svg)
![The list on a phone](docs/screenshot.png "Screenshot")
![logo](./logo.svg)

<p align="center"><img src="./assets/demo.gif" alt="Adding an item" width="400"></p>

\`\`\`
![not an image, a code block](src/in-code.png)
\`\`\`
`;

test('every raster format is read from its own header, whatever its name', async (t) => {
  for (const f of ['png', 'jpeg', 'gif', 'webp'] as const) t.deepEqual(sniff(await image(f, 320, 200)), { type: f, width: 320, height: 200 }, f);
  t.is(sniff(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), null);
  t.is(sniff(Buffer.from('not a picture at all, only text in a .png file')), null);
});

test('the README\'s pictures in order, then screenshots in the tree; badges, SVG, fakes, icons, vendored and the template\'s own are left out', async (t) => {
  const shot = await image('png', 1200, 700);
  const demo = await image('gif', 400, 300, 90);
  const more = await image('jpeg', 800, 600, 150);
  const templateLogo = await image('png', 300, 300, 200);
  const entries: Entry[] = [
    { path: 'README.md', data: README },
    { path: 'docs/screenshot.png', data: shot },
    { path: 'src/in-code.png', data: await image('png', 300, 300, 10) },
    { path: 'logo.svg', data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' },
    { path: 'assets/demo.gif', data: demo },
    { path: 'screenshots/editing.jpg', data: more },
    { path: 'assets/favicon.png', data: await image('png', 32, 32) },
    { path: 'assets/tiny.png', data: await image('png', 40, 20) },
    { path: 'assets/fake.png', data: 'GIF89a but really text' },
    { path: 'node_modules/lib/docs/screenshot.png', data: await image('png', 500, 500, 60) },
    { path: 'static/template-logo.png', data: templateLogo },
  ];
  const template = evidence([{ path: 'static/template-logo.png', data: templateLogo }]);
  const found = findPictures(evidence(entries), template);
  t.deepEqual(found.map((p) => [p.path, p.embed, p.alt, p.type, p.width, p.height]), [
    ['docs/screenshot.png', { path: 'README.md', line: 6 }, 'The list on a phone', 'png', 1200, 700],
    ['assets/demo.gif', { path: 'README.md', line: 9 }, 'Adding an item', 'gif', 400, 300],
    ['screenshots/editing.jpg', null, '', 'jpeg', 800, 600],
  ]);
  t.true(found[0]!.data.equals(shot), 'the picture is its own bytes from the archive');
  t.regex(found[0]!.file, /^pictures\/[0-9a-f]{32}\.png$/);

  const built = await buildDeck(input(entries, { templateEvidence: template }), null);
  t.deepEqual(built.files.map((f) => f.path), found.map((p) => p.file), 'each picture shown is a file of the deck');
  t.true(built.files[1]!.data.equals(demo));
  t.regex(built.html, new RegExp(`<figure class="pic hero"><img src="${found[0]!.file}" alt="The list on a phone" width="1200" height="700"><figcaption><cite>docs/screenshot\\.png \\(embedded at README\\.md:6\\)</cite>`));
  t.regex(built.html, /aria-label="\d+ of \d+: In pictures".*<cite>assets\/demo\.gif \(embedded at README\.md:9\)<\/cite>.*<cite>screenshots\/editing\.jpg<\/cite>/s);
  t.regex(built.html, /img-src 'self'/, 'the deck may load its own pictures, nothing from elsewhere');
  t.notRegex(built.html, /logo\.svg"|favicon|fake\.png|node_modules|template-logo/);
});

test('a tree without pictures gives a deck without picture files or a pictures screen', async (t) => {
  const built = await buildDeck(input([{ path: 'README.md', data: '# Plain\n\nNo pictures here.\n' }]), null);
  t.deepEqual(built.files, []);
  t.false(built.html.includes('In pictures'));
  t.false(built.html.includes('<img'));
});

test('the title: the showcase first, else the README\'s title and first sentence, else a manifest; each cited at lines that hold it', async (t) => {
  const readme: Entry = { path: 'README.md', data: README };
  const pkg: Entry = { path: 'package.json', data: JSON.stringify({ name: 'rocket-lists', description: 'Shared shopping lists' }, null, 2) };

  const shown = projectIdentity(input([readme, pkg], { showcase: { product: 'Rocket', tagline: 'Lists that sync', description: null } }));
  t.deepEqual(shown, { name: 'Rocket', nameCite: { showcase: 'product' }, description: 'Lists that sync', descriptionCite: { showcase: 'tagline' } });

  const inp = input([readme, pkg]);
  const fromReadme = projectIdentity(inp);
  t.deepEqual(fromReadme, { name: 'Rocket Lists', nameCite: { path: 'README.md', start: 1, end: 1 }, description: "Rocket keeps a family's shopping lists in sync.", descriptionCite: { path: 'README.md', start: 3, end: 3 } });
  t.true(inp.evidence.lines('README.md')![2]!.includes(fromReadme.description!), 'the cited line holds the sentence');
  const html = (await buildDeck(inp, null)).html;
  t.regex(html, /<h1>Rocket Lists<sup>1<\/sup><\/h1><p class="tag">Rocket keeps a family&#39;s shopping lists in sync\.<sup>2<\/sup><\/p><p class="who">by team Rocket<\/p>/);
  t.regex(html, /<li><b>1<\/b><cite>README\.md:1<\/cite><\/li><li><b>2<\/b><cite>README\.md:3<\/cite><\/li>/);

  // the README is the event template's, untouched: not the team's words; the manifest speaks
  const template = evidence([readme]);
  const fromManifest = projectIdentity(input([readme, pkg], { templateEvidence: template }));
  t.deepEqual(fromManifest, { name: 'rocket-lists', nameCite: { path: 'package.json', start: 2, end: 2 }, description: 'Shared shopping lists', descriptionCite: { path: 'package.json', start: 3, end: 3 } });

  // a README that opens with a section and no title, and no manifest: the team's name, nothing made up
  t.deepEqual(projectIdentity(input([{ path: 'README.md', data: '## Setup\n\nRun make.\n' }])), { name: 'Rocket', nameCite: null, description: null, descriptionCite: null });
});

test('a tree of many images: the evidence keeps the bytes of a few candidates only (the README\'s first), never the whole tree', async (t) => {
  const one = await image('png', 200, 200);
  const many: Entry[] = Array.from({ length: 60 }, (_, i) => ({ path: `assets/sprites/s${String(i).padStart(2, '0')}.png`, data: Buffer.concat([one, Buffer.from([i])]) }));
  const ev = evidence([{ path: 'README.md', data: '# Many\n\n![Main view](assets/sprites/s59.png)\n' }, ...many, { path: 'photo.png', data: one }]);
  const kept = [...ev.files.values()].filter((f) => f.data).map((f) => f.path);
  t.is(kept.length, MAX_CANDIDATES);
  t.true(kept.includes('assets/sprites/s59.png'), 'the one the README embeds');
  t.false(kept.includes('photo.png'), 'a picture neither embedded nor in a screenshot folder is not kept');
  t.is(findPictures(ev)[0]!.path, 'assets/sprites/s59.png');
});
