// Generated decks shown well: a jury and a community deck as the generator
// renders them, in headless Chromium at 1280x800 and 390x844: a title screen with the project
// and team, no horizontal overflow on any screen, axe-core finds no serious or critical
// violation, PNG screenshots under test-artifacts/. Also the reviewer's view of a deck (screens,
// claims with citations, findings) that sits next to the Approve/Reject form.
import test from 'ava';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { deckReview } from '../../../api/pages/event/organizer.tsx';
import { renderMarkup } from '../../../api/pages/html.tsx';
import { renderDeckHtml } from '../../../core/decks/render.ts';
import type { DeckKind, Finding, Screen } from '../../../core/decks/types.ts';
import { ARTIFACTS, launchChromium, seriousViolations } from '../../helpers/pages.ts';

let browser: Browser;
test.before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchChromium();
});
test.after.always(async () => browser?.close());

const cite = (p: string, a: number, b = a) => ({ path: p, start: a, end: b });
const JURY: Screen[] = [
  { heading: 'Problem', claims: [{ text: 'Hackathon teams lose track of who does what; the README names the project "Rocket Todo"', cite: cite('README.md', 1, 3) }, { text: 'A shared todo list for hackathon teams', cite: { showcase: 'tagline' } }] },
  { heading: 'What it does', claims: [{ text: 'Share a list with your team by link', cite: cite('README.md', 5) }, { text: 'src/server/routes/very/deeply/nested/directory/structure/handlers/todoListSharingHandler.js uses Express', cite: cite('src/server/routes/very/deeply/nested/directory/structure/handlers/todoListSharingHandler.js', 1) }, { text: 'Todos can be completed and removed', cite: cite('src/todo.js', 10, 30) }] },
  { heading: 'How it works', claims: [{ text: 'JavaScript: 3 files, 412 lines', cite: cite('package.json', 1) }, { text: '1 runtime dependency: express', cite: cite('package.json', 8) },
    // a code screen: the snippet wraps (a long line never scrolls the frame) and stays readable
    { text: 'Where src/server.js handles GET /lists/:list/todos', cite: cite('src/server.js', 4, 6), quote: "app.get('/lists/:list/todos', (req, res) => {\n  res.json(todos.filter((t) => t.list === req.params.list && t.owner === req.user.id && !t.archived));\n});" }] },
  { heading: 'What was built in the event', claims: [{ text: '3 commits by 2 authors during the event', cite: { commit: 'a'.repeat(40) } }] },
  { heading: 'Evidence it runs', claims: [{ text: 'hackathon.json runs compose service "web" on port 3000 ready at /health from compose.yaml', cite: cite('hackathon.json', 1, 6) }, { text: 'compose.yaml defines 2 services: web, db', cite: cite('compose.yaml', 1, 12) }] },
  { heading: 'What is tested', claims: [{ text: 'test/todo.test.js holds 3 tests: "adds a todo", "completes a todo", "removes a todo"', cite: cite('test/todo.test.js', 1, 40) }] },
  { heading: 'What is next', claims: [{ text: 'Due dates and reminders', unverified: true }, { text: 'TODO: persist the list in a database', cite: cite('src/todo.js', 2) }] },
];
const COMMUNITY: Screen[] = [
  { heading: 'In one line', claims: [{ text: 'A shared todo list for hackathon teams', cite: { showcase: 'tagline' } }] },
  { heading: 'Try it', claims: [{ text: 'Share a list with your team by link', cite: cite('README.md', 5) }, { text: 'docker compose up starts it on port 3000', cite: cite('compose.yaml', 1, 12) }] },
  { heading: 'Built here', claims: [{ text: '3 commits by 2 authors during the event', cite: { commit: 'a'.repeat(40) } }] },
];

const render = (kind: DeckKind, screens: Screen[]) => renderDeckHtml({
  team: 'Rockets', kind, eventName: 'Spring Hack 2026', sha: 'b'.repeat(40), archiveName: `submission-${'b'.repeat(12)}.tar.gz`,
  generator: 'builtin', project: 'Rocket Todo', tagline: 'A shared todo list for hackathon teams', screens,
});

for (const [kind, screens] of [['jury', JURY], ['community', COMMUNITY]] as const) {
  for (const [label, width, height] of [['desktop', 1280, 800], ['phone', 390, 844]] as const) {
    test(`a generated ${kind} deck at ${width}x${height}: title screen, every screen fits, axe clean, screenshots`, async (t) => {
      const page = await browser.newPage({ viewport: { width, height } });
      try {
        await page.setContent(render(kind, screens));
        if (kind === 'jury') t.is(await page.$$eval('pre', (x) => x.length), 1, 'the code screen is there');
        const n = screens.length + 1;
        t.is(await page.textContent('#pos'), `1 / ${n}`);
        t.is(await page.textContent('.screen.on h1'), 'Rocket Todo', 'the title screen names the project');
        t.regex((await page.textContent('.screen.on'))!, /by team Rockets/);
        t.is(await page.evaluate('getComputedStyle(document.querySelector(".screen.on")).textAlign'), 'center', 'the title screen keeps its own look once shown');
        t.deepEqual(await seriousViolations(page), []);
        await page.screenshot({ path: path.join(ARTIFACTS, `generated-${kind}-${label}-title.png`) });
        for (let i = 1; i <= n; i++) {
          const fit = await page.evaluate('({ doc: document.documentElement.scrollWidth, win: window.innerWidth, main: document.querySelector("main").scrollWidth - document.querySelector("main").clientWidth })') as { doc: number; win: number; main: number };
          t.true(fit.doc <= fit.win && fit.main <= 0, `screen ${i} has no horizontal overflow (${JSON.stringify(fit)})`);
          if (i === 3) {
            t.deepEqual(await seriousViolations(page), [], 'a content screen is axe clean too');
            await page.screenshot({ path: path.join(ARTIFACTS, `generated-${kind}-${label}-screen3.png`) });
          }
          if (await page.$('.screen.on pre')) {
            t.deepEqual(await seriousViolations(page), [], 'a code screen is axe clean');
            await page.screenshot({ path: path.join(ARTIFACTS, `generated-${kind}-${label}-code.png`) });
          }
          if (i < n) await page.keyboard.press('ArrowRight');
        }
        t.is(await page.textContent('#pos'), `${n} / ${n}`);
      } finally {
        await page.close();
      }
    });
  }
}

test('the review view of a deck: each screen heading, claims with citations or unverified, the findings, all escaped', (t) => {
  const findings: Finding[] = [{ code: 'uncited_claim', message: 'Claim <b>2</b> cites nothing', screen: 7, claim: 1 }];
  const html = renderMarkup(deckReview([...JURY, { heading: '<img src=x>', claims: [] }], findings));
  t.regex(html, /<details><summary>Screens and findings<\/summary>/);
  t.regex(html, /<strong>1\. Problem<\/strong>/);
  t.regex(html, /<cite class="muted">README\.md:1-3<\/cite>/);
  t.regex(html, /<cite class="muted">team showcase: tagline<\/cite>/);
  t.regex(html, /<span class="badge">unverified<\/span> Due dates and reminders/);
  t.regex(html, /<code>uncited_claim<\/code> screen 7 claim 1: Claim &lt;b&gt;2&lt;\/b&gt; cites nothing/);
  t.false(html.includes('<img'), 'a heading is escaped');
  t.true(html.includes('<pre><code>app.get(&#x27;/lists/:list/todos&#x27;, (req, res) =&gt; {\n'), 'a code screen\'s snippet is shown as it is quoted');
  t.regex(renderMarkup(deckReview(COMMUNITY, [])), /No findings\./);
});
