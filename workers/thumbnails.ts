// Deck thumbnails: the entry page rendered in headless Chromium (playwright-core driving the
// system browser), scaled to 320x180 with sharp. Where no Chromium is configured, or it
// fails to start, sharp renders a title card from SVG instead so every version gets one.
// The deck is served to the browser from blob storage through request interception on a
// made-up origin: it never touches the network and never sees an app cookie.
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import type { BlobStore } from '../core/storage/index.ts';

export const THUMB_WIDTH = 320;
export const THUMB_HEIGHT = 180;
const DECK_ORIGIN = 'http://deck.invalid';
const RENDER_TIMEOUT_MS = 10_000;

export interface ThumbnailSource {
  title: string;
  entry: string;
  files: { path: string; sha256: string; size: number }[];
}

export interface Thumbnail {
  png: Buffer;
  renderer: 'chromium' | 'title-card';
}

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8', htm: 'text/html; charset=utf-8', css: 'text/css', js: 'text/javascript', mjs: 'text/javascript',
  json: 'application/json', svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif',
  webp: 'image/webp', avif: 'image/avif', woff: 'font/woff', woff2: 'font/woff2', ttf: 'font/ttf',
};

function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A title card: the deck title on a calm background, wrapped to three lines. */
export async function titleCard(title: string): Promise<Buffer> {
  const words = title.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + w).length <= 22) lines[lines.length - 1] = last + ' ' + w;
    else lines.push(w.length > 22 ? w.slice(0, 21) + '…' : w);
  }
  const shown = lines.slice(0, 3);
  if (lines.length > 3) shown[2] = shown[2].slice(0, 20) + '…';
  const y0 = 90 - (shown.length - 1) * 14;
  const text = shown.map((l, i) => `<text x="160" y="${y0 + i * 28}" text-anchor="middle" dominant-baseline="middle">${xmlEscape(l)}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMB_WIDTH}" height="${THUMB_HEIGHT}">
<rect width="100%" height="100%" fill="#23283a"/><rect x="12" y="12" width="296" height="156" rx="10" fill="none" stroke="#4c5a8c"/>
<g font-family="sans-serif" font-size="22" font-weight="600" fill="#eef0f7">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export class ThumbnailRenderer {
  private browser: Promise<Browser> | null = null;

  constructor(
    private readonly chromiumPath: string | null,
    private readonly store: BlobStore,
  ) {}

  private launch(): Promise<Browser> {
    this.browser ??= import('playwright-core').then(({ chromium }) =>
      chromium.launch({
        executablePath: this.chromiumPath!,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      }),
    );
    // A browser that failed to start is forgotten, so the next job tries again.
    this.browser.catch(() => (this.browser = null));
    return this.browser;
  }

  async render(source: ThumbnailSource): Promise<Thumbnail> {
    if (!this.chromiumPath) return { png: await titleCard(source.title), renderer: 'title-card' };
    let shot: Buffer;
    try {
      shot = await this.screenshot(source);
    } catch {
      // Chromium missing or crashed, or the deck never finished loading: a title card still
      // tells the versions apart, and the renderer column records which one this is.
      return { png: await titleCard(source.title), renderer: 'title-card' };
    }
    const png = await sharp(shot).resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: 'cover', position: 'top' }).png().toBuffer();
    return { png, renderer: 'chromium' };
  }

  private async screenshot(source: ThumbnailSource): Promise<Buffer> {
    const browser = await this.launch();
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block', acceptDownloads: false });
    try {
      const byPath = new Map(source.files.map((f) => [f.path, f]));
      await context.route('**/*', async (route) => {
        const url = new URL(route.request().url());
        const file = url.origin === DECK_ORIGIN ? byPath.get(decodeURIComponent(url.pathname.slice(1))) : undefined;
        if (!file || file.path.startsWith('downloads/')) return route.abort();
        const blob = await this.store.open(file.sha256);
        if (!blob) return route.abort();
        const chunks: Buffer[] = [];
        for await (const c of blob.stream) chunks.push(c as Buffer);
        const ext = file.path.slice(file.path.lastIndexOf('.') + 1).toLowerCase();
        return route.fulfill({ status: 200, body: Buffer.concat(chunks), headers: { 'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream' } });
      });
      const page = await context.newPage();
      const entryUrl = `${DECK_ORIGIN}/${source.entry.split('/').map(encodeURIComponent).join('/')}`;
      await page.goto(entryUrl, { waitUntil: 'load', timeout: RENDER_TIMEOUT_MS });
      return await page.screenshot({ type: 'png', timeout: RENDER_TIMEOUT_MS });
    } finally {
      await context.close().catch(() => {});
    }
  }

  async close(): Promise<void> {
    const b = this.browser;
    this.browser = null;
    if (b) await (await b.catch(() => null))?.close();
  }
}
