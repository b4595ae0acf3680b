// Page tests: people with passwords, sign-in through the /signin form, a real browser.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type pg from 'pg';
import type { Page } from 'playwright-core';
import { cookieFrom, http } from './http.ts';
import * as seed from '../../ops/harness/seed.ts';

export const PASSWORD = 'correct horse battery';

/** A person with a password in a workspace (made through the same SQL as the operator CLI). */
export async function person(pool: pg.Pool, ws: string, email: string, role: string, name: string | null = null): Promise<string> {
  const { userId } = await seed.member(pool, ws, email, role, name);
  await seed.password(pool, userId, PASSWORD);
  return userId;
}

/** Signs in through the page form (as a browser would, Origin included); answers the Cookie value. */
export async function pageSignIn(base: string, email: string, password = PASSWORD): Promise<string> {
  const r = await http(base, 'POST', '/signin', {
    raw: new URLSearchParams({ email, password, next: '/decks' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
  });
  if (r.status !== 303) throw new Error(`sign-in answered ${r.status}: ${r.text.slice(0, 300)}`);
  return cookieFrom(r);
}

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Debian's Chromium (or CHROMIUM_PATH). Missing, the browser tests fail loudly: CI installs it. */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  try {
    return await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  } catch (err) {
    throw new Error(`Browser tests need Chromium at ${executablePath} (apt-get install chromium, or set CHROMIUM_PATH): ${(err as Error).message.split('\n')[0]}`);
  }
}

/**
 * Runs `act` (a click or key press that submits a form) and waits until the document it leads
 * to has loaded. `waitForURL` cannot tell when the form posts back to the page's own URL: it
 * answers at once, and the test reads the page from before the post.
 */
export async function submitted(page: Page, act: () => Promise<unknown>): Promise<void> {
  const loaded = page.waitForEvent('load');
  await act();
  await loaded;
}

/** Screenshots and other browser-test output (gitignored, never compared). */
export const ARTIFACTS = path.resolve('test-artifacts');

let axe: string | null = null;
/**
 * axe-core inside the page (evaluated, so the page's CSP stays as strict as ever): moderate,
 * serious and critical violations (a moderate finding such as a missing `<h1>`, a
 * missing `<main>` or two landmarks of one name fails a browser test too); minor ones pass.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  axe ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(`${axe}\n;0`);
  const result = (await page.evaluate(`axe.run(document, { iframes: false, resultTypes: ['violations'] })`)) as {
    violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
  };
  return result.violations.filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
