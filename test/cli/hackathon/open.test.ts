// `hackathon open [dashboard|team|vote]`: prints the event page of the selected instance and
// opens it with the platform opener (a recording `xdg-open` first on PATH, as deckcli's open
// tests use), the URL as one argument; --json prints { page, url } and opens nothing; an
// unknown page is refused before the opener. No server is needed: nothing is requested.
import test from 'ava';
import { makeHome as openerHome } from '../deckcli/run.ts';
import { runHackathon as hackathon } from './run.ts';

/** A config home with the recording opener first on PATH (deckcli's), the instance named by EVENT_URL. */
function home() {
  const h = openerHome();
  return { env: { ...h.env, EVENT_URL: 'https://event.example.test/podium/' }, opened: h.opened };
}

/** The opener is started detached; its log is written a moment after the CLI returns. */
async function openedEventually(h: ReturnType<typeof home>, n: number): Promise<string[][]> {
  for (let i = 0; i < 100 && h.opened().length < n; i++) await new Promise((r) => setTimeout(r, 50));
  return h.opened();
}

test('each page is printed and opened with the platform opener, URL as one argument (default: the dashboard)', async (t) => {
  const h = home();
  const urls: string[] = [];
  for (const [args, url] of [
    [[], 'https://event.example.test/podium/event'],
    [['dashboard'], 'https://event.example.test/podium/event'],
    [['team'], 'https://event.example.test/podium/event/team'],
    [['vote'], 'https://event.example.test/podium/event/vote'],
  ] as const) {
    const r = await hackathon(['open', ...args], h.env);
    t.is(r.code, 0, r.stderr);
    t.is(r.stdout, url + '\n');
    t.is(r.stderr, '');
    urls.push(url);
  }
  t.deepEqual((await openedEventually(h, 4)).sort(), urls.map((u) => [u]).sort());
});

test('--json prints { page, url } and opens nothing; an unknown page or a second argument is refused before the opener', async (t) => {
  const h = home();
  const j = await hackathon(['open', 'vote', '--json'], h.env);
  t.is(j.code, 0, j.stderr);
  t.deepEqual(JSON.parse(j.stdout), { page: 'vote', url: 'https://event.example.test/podium/event/vote' });
  const bad = await hackathon(['open', 'admin'], h.env);
  t.is(bad.code, 2);
  t.is(bad.stderr, 'hackathon: no page admin: name dashboard, team or vote\n');
  const badJson = await hackathon(['open', 'admin', '--json'], h.env);
  t.deepEqual(JSON.parse(badJson.stderr), { error: { code: 'invalid_input', message: 'no page admin: name dashboard, team or vote' } });
  const two = await hackathon(['open', 'team', 'vote'], h.env);
  t.is(two.code, 1);
  t.regex(two.stderr, /unexpected argument vote/);
  // A marker instead of a pause: one page opened last, and it is the only one the opener saw.
  t.is((await hackathon(['open', 'team'], h.env)).code, 0);
  t.deepEqual(await openedEventually(h, 1), [['https://event.example.test/podium/event/team']]);
});
