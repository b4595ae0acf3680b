// GET /api/v1/event/health's `apiReplicas` counts the API replicas serving, from their beats
// (app_private.api_heartbeats): before, it counted `podium-live` connections, which a
// replica opens only with its first event stream, so a fresh dashboard's first frame said
// "API replicas 0" while the API answered it.
import test from 'ava';
import { createEvent, eventWorkspace, HOUR, type Person } from '../../helpers/event.ts';
import { http } from '../../helpers/http.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let a: TestServer;
let owner: Person;
test.before(async () => {
  a = await startTestServer();
  owner = (await eventWorkspace(a.db.pool, 'Alpha')).owner;
  await createEvent(a.url, owner.key, Date.now() + HOUR);
});
test.after.always(() => a?.close());

const replicas = async (url: string) => {
  const r = await http(url, 'GET', '/api/v1/event/health', { key: owner.key });
  if (r.status !== 200) throw new Error(`health answered ${r.status}`);
  return r.body.apiReplicas as number;
};

test.serial('every replica serving the API counts, with no event stream open; a stopped one stops counting at once', async (t) => {
  t.is(await replicas(a.url), 1, 'this server, no stream opened');
  const b = await startTestServer({ db: a.db }); // a second replica over the same database
  let bOpen = true;
  try {
    t.is(await replicas(a.url), 2);
    t.is(await replicas(b.url), 2, 'the same figure from either replica');
    await b.close();
    bOpen = false;
    t.is(await replicas(a.url), 1, 'a replica that stopped leaves the count without waiting');
  } finally {
    if (bOpen) await b.close();
  }
});

test.serial('a replica that died (no beat for 90 s) is left out, and its row goes after 10 minutes', async (t) => {
  const pool = a.db.pool;
  await pool.query(`insert into app_private.api_heartbeats (replica_id, beat_at) values
    ('died-recently:1:a', now() - interval '91 seconds'), ('died-long-ago:2:b', now() - interval '11 minutes')`);
  t.is(await replicas(a.url), 1, 'neither dead replica counts');
  await pool.query("select app_private.api_heartbeat('another:3:c')"); // any beat clears the long-dead rows
  const { rows } = await pool.query('select replica_id from app_private.api_heartbeats order by replica_id');
  const ids = rows.map((r) => r.replica_id as string);
  t.true(ids.includes('died-recently:1:a'), 'silent for under 10 minutes: kept');
  t.false(ids.includes('died-long-ago:2:b'), 'silent for over 10 minutes: removed');
  t.is(await replicas(a.url), 2, 'the new beat counts');
});
