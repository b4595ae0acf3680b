// The pictures of a generated deck on a real worker: a team whose frozen
// tree embeds a screenshot in its README gets decks whose version holds the picture as a file
// of its own (content-addressed, the archive's bytes), served through the deck's view link
// like any deck file: its image type and the deck service's sandbox policy; the title screen
// names the project from its README and shows the picture, captioned with its path, and the
// gallery thumbnail (made from the title screen) shows it too.
import { Readable } from 'node:stream';
import test from 'ava';
import type pg from 'pg';
import sharp from 'sharp';
import { DECK_SANDBOX } from '../../api/routes/deck/serve.ts';
import { createBlobStore } from '../../core/storage/index.ts';
import { tarball } from '../helpers/deck-truth.ts';
import { blobPath, frozenEvent, voteOn, type FrozenEvent } from '../helpers/decks.ts';
import { Clock } from '../helpers/event.ts';
import { http as call } from '../helpers/http.ts';
import { NODE_APP } from '../helpers/projects.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { until } from '../../ops/harness/until.ts';

let s: TestServer;
let clock: Clock;
let ev: FrozenEvent;
let shot: Buffer;

const README = '# Gallery Lists\n\nGallery Lists shows a family\'s lists with pictures. It syncs.\n\n![The list on a phone](docs/screenshot.png)\n';

test.before(async () => {
  s = await startTestServer();
  clock = new Clock(s.url);
  ev = await frozenEvent(s, clock, 'Pictured', 'pictured', { Gallery: 'node' });
  await s.startWorker();
  await ev.frozen();
  await voteOn(s, ev.owner.key);
  // The team's capture: its tree with a README that embeds a screenshot, stored as a capture
  // stores an archive (blob storage, its sha256 on the frozen submission).
  shot = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 140, b: 220 } } }).png().toBuffer();
  const team = ev.teams.Gallery!;
  const { gz, sha256 } = tarball([
    ...Object.entries(NODE_APP).filter(([p]) => p !== 'README.md').map(([path, data]) => ({ path, data })),
    { path: 'README.md', data: README },
    { path: 'docs/screenshot.png', data: shot },
  ], team.sha);
  await createBlobStore(s.config).put(sha256, gz.length, Readable.from([gz]));
  await s.db.pool.query('update app.submissions set archive_sha256 = $2, archive_size = $3 where project_id = $1', [team.id, sha256, gz.length]);
});
test.after.always(async () => {
  await clock?.reset();
  await s?.close();
});

test('the deck version holds the screenshot as a file, served through the view link with its type and the deck sandbox', async (t) => {
  const pool = s.db.pool as pg.Pool;
  const started = await call(s.url, 'POST', '/api/v1/event/decks/runs', { key: ev.owner.key, body: {} });
  t.is(started.status, 201, started.text);
  const run = await until('the run done', async () => {
    const r = await call(s.url, 'GET', `/api/v1/event/decks/runs/${started.body.run.id}`, { key: ev.owner.key });
    return r.body.run?.status === 'done' ? r.body : null;
  }, 120_000);
  t.like(run.run, { counts: { review: 2, failed: 0 } });
  for (const job of run.jobs) {
    const deck = (await call(s.url, 'GET', `/api/v1/event/decks/${job.deck.id}`, { key: ev.owner.key })).body;
    t.deepEqual(deck.findings, [], `${job.kind}: no finding`);
    const files = (await pool.query('select path, size from app.deck_files where deck_id = $1 order by path', [deck.presentationId])).rows;
    t.is(files.length, 2, JSON.stringify(files));
    const [index, picture] = [files.find((f) => f.path === 'index.html'), files.find((f) => f.path.startsWith('pictures/'))];
    t.truthy(index);
    t.regex(picture.path, /^pictures\/[0-9a-f]{32}\.png$/);
    t.is(Number(picture.size), shot.length);

    const html = await (await fetch(`${deck.view}index.html`)).text();
    t.regex(html, new RegExp(`<h1>Gallery Lists<sup>1</sup></h1><p class="tag">Gallery Lists shows a family&#39;s lists with pictures\\.<sup>2</sup></p>`));
    t.true(html.includes(`<img src="${picture.path}" alt="The list on a phone" width="900" height="600"><figcaption><cite>docs/screenshot.png (embedded at README.md:5)</cite>`));
    const served = await fetch(`${deck.view}${picture.path}`);
    t.is(served.status, 200);
    t.is(served.headers.get('content-type'), 'image/png');
    t.is(served.headers.get('content-security-policy'), DECK_SANDBOX);
    t.true(Buffer.from(await served.arrayBuffer()).equals(shot), 'the archive\'s own bytes');

    // the gallery thumbnail is the title screen: the project's name, its line and the picture
    const thumb = await until(`the ${job.kind} thumbnail`, async () =>
      (await pool.query('select sha256, renderer from app.deck_thumbnails where deck_id = $1', [deck.presentationId])).rows[0] ?? null, 120_000);
    t.is(thumb.renderer, s.config.chromiumPath ? 'chromium' : 'title-card');
    if (thumb.renderer === 'chromium') {
      const png = await (await import('node:fs/promises')).readFile(blobPath(s, thumb.sha256));
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      let blue = 0;
      for (let i = 0; i < data.length; i += info.channels) if (Math.abs(data[i]! - 30) < 12 && Math.abs(data[i + 1]! - 140) < 12 && Math.abs(data[i + 2]! - 220) < 12) blue++;
      t.true(blue > (info.width * info.height) / 20, `the screenshot shows on the thumbnail (${blue} of ${info.width * info.height} pixels)`);
    }
  }
});
