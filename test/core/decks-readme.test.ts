// The README reader of core/decks/facts.ts (markdown-it's block tokens and their line ranges):
// the title, the intro, a section's first paragraph and its list items, each cited at exactly
// its lines; what only looks like a heading, a paragraph or a bullet (inside a code block, a
// quote, a picture line) is none of these.
import test from 'ava';
import { extractFacts } from '../../core/decks/facts.ts';
import { inputOf } from '../helpers/deck-fixtures.ts';

const README = [
  '<p align="center"><img src="logo.png"></p>', // 1
  '',
  'Rocket', // 3
  '======',
  '',
  '[![build](https://ci.test/b.svg)](https://ci.test)', // 6
  'Lists that sync across devices, for teams.', // 7
  'Works offline.', // 8
  '',
  '```sh',
  '# not a heading',
  '```',
  '',
  '## Why', // 14
  '',
  '> a quote is not the paragraph',
  '',
  'Shared lists drift apart when people are offline.', // 18
  '',
  '## Features', // 20
  '',
  '```',
  '- not a bullet, a line of a code block',
  '```',
  '- [x] **Offline** edits that merge', // 25
  '- Sharing by link', // 26
  '  - nested: read-only links', // 27
  '',
  '## Roadmap', // 29
  '',
  '1. Push notifications', // 31
  '',
].join('\n');

test('title, intro, first paragraph and list items, each at its lines', (t) => {
  const f = extractFacts(inputOf([{ path: 'README.md', data: README }]));
  const cite = (start: number, end = start) => ({ path: 'README.md', start, end });
  t.deepEqual(f.topics.problem, [
    { text: 'The README names the project "Rocket"', cite: cite(3) },
    { text: 'The README says: "Lists that sync across devices, for teams. Works offline."', cite: cite(7, 8) },
    { text: 'Under "Why" the README says: "Shared lists drift apart when people are offline."', cite: cite(14, 18) },
  ]);
  const does = f.topics.does.filter((c) => c.cite && 'path' in c.cite && c.cite.start >= 20);
  t.deepEqual(does, [
    { text: 'Offline edits that merge', cite: cite(25) },
    { text: 'Sharing by link', cite: cite(26) },
    { text: 'nested: read-only links', cite: cite(27) },
  ]);
  t.false(JSON.stringify(f.topics).includes('not a'), 'nothing from a code block or a quote');
  t.deepEqual(f.topics.next.filter((c) => c.cite && 'path' in c.cite && c.cite.path === 'README.md'), [{ text: 'Push notifications', cite: cite(31) }]);
});

test('an ATX title after a badge line; no intro when only pictures precede the first section', (t) => {
  const f = extractFacts(inputOf([{ path: 'README.md', data: '![logo](logo.png)\n\n# Tally #\n\n## Usage\n\nRun `tally` in a folder to count its words.\n' }]));
  t.is(f.topics.problem.length, 1);
  t.true(f.topics.problem[0]!.text.startsWith('The README names the project "Tally", but none of its sentences'), f.topics.problem[0]!.text);
  t.false(f.topics.problem.some((c) => c.text.startsWith('The README says')));
  t.true(f.topics.does.some((c) => c.text === 'Under "Usage" the README says: "Run tally in a folder to count its words."' && c.cite && 'path' in c.cite && c.cite.start === 5 && c.cite.end === 7), JSON.stringify(f.topics.does));
});
