// `podium hub ...`: the operator's commands on the hub's database. An instance's secret is
// printed once and kept as sha256; organizations open tools on an instance; accounts join
// them; rotate-key signs with a new key while the previous one stays published.
import test from 'ava';
import { createHash } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { parseJson, runPodium, type RunResult } from './run.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

const must = (r: RunResult) => {
  if (r.code !== 0) throw new Error(`podium failed (${r.code}): ${r.stderr}`);
  return parseJson(r.stdout);
};

test.serial('instance add prints the secret once and keeps its sha256; org add, member add and org tools', async (t) => {
  const human = await runPodium(db, ['hub', 'instance', 'add', 'https://a.cloud.test/', '--name', 'Cloud A'], { env: { PUBLIC_URL: 'https://hub.test' } });
  t.is(human.code, 0, human.stderr);
  const secret = /HUB_INSTANCE_SECRET=(\S+)/.exec(human.stdout)![1];
  t.regex(human.stdout, /HUB_URL=https:\/\/hub\.test HUB_INSTANCE_SECRET=/);
  const stored = await db.pool.query(`select s.secret_hash from hub_private.instance_secrets s join hub.instances i on i.id = s.instance_id where i.url = 'https://a.cloud.test'`);
  t.deepEqual(stored.rows[0].secret_hash, createHash('sha256').update(secret).digest());
  const org = must(await runPodium(db, ['hub', 'org', 'add', 'Acme', '--instance', 'https://a.cloud.test', '--tools', 'deck,hackathon', '--json']));
  t.deepEqual(org.tools, ['deck', 'hackathon']);
  const bad = await runPodium(db, ['hub', 'org', 'add', 'Other', '--instance', 'https://a.cloud.test', '--tools', 'slides']);
  t.is(bad.code, 2);
  const unknown = await runPodium(db, ['hub', 'org', 'add', 'Other', '--instance', 'https://nowhere.test', '--tools', 'deck']);
  t.is(unknown.code, 2);
  t.regex(unknown.stderr, /No instance https:\/\/nowhere\.test behind this hub/);
  const m = must(await runPodium(db, ['hub', 'member', 'add', 'acme', 'ann@acme.test', '--role', 'owner', '--json']));
  t.like(m, { email: 'ann@acme.test', role: 'owner', organizationId: org.id });
  const tools = await runPodium(db, ['hub', 'org', 'tools', org.id, '--tools', 'deck']);
  t.is(tools.stdout, 'Acme opens deck\n');
  t.is((await runPodium(db, ['hub', 'member', 'add', 'Acme', 'x@acme.test', '--role', 'boss'])).code, 2);
});

test.serial('rotate-key: the new key signs, the previous one stays published, older ones are retired', async (t) => {
  const first = must(await runPodium(db, ['hub', 'rotate-key', '--json']));
  const second = must(await runPodium(db, ['hub', 'rotate-key', '--json']));
  t.deepEqual(second.published, [second.kid, first.kid]);
  const third = must(await runPodium(db, ['hub', 'rotate-key', '--json']));
  t.deepEqual(third.published, [third.kid, second.kid]);
  const live = await db.pool.query('select kid from hub_private.signing_keys where retired_at is null order by created_at desc');
  t.deepEqual(live.rows.map((r) => r.kid), [third.kid, second.kid]);
  const sealed = await db.pool.query('select private_sealed from hub_private.signing_keys');
  t.false(sealed.rows.some((r) => r.private_sealed.includes('PRIVATE KEY')), 'private keys are sealed');
});
