// Jury criteria: set from a file (list or { scale, criteria }), shown back to every
// role of the event, invalid_criteria naming the field (nothing stored), and jury_opened once
// judging opened.
import test from 'ava';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.ts';
import { refusal } from '../../helpers/vote.ts';
import { CRITERIA, juryFixture, openJury } from '../../helpers/jury.ts';

let db: TestDatabase;
test.before(async () => {
  db = await createTestDatabase();
});
test.after.always(() => db?.drop());

test.serial('criteria set and show: order, weights, default scale 1-5, every role reads them', async (t) => {
  const fx = await juryFixture(db.pool);
  const r = await fx.call('owner', 'app.set_jury_criteria($1)', [JSON.stringify(CRITERIA)]);
  t.deepEqual(r.scale, { min: 1, max: 5 });
  t.deepEqual(r.criteria.map((c: any) => [c.position, c.name, c.weight, c.description]), [[1, 'Impact', 3, 'Does it matter?'], [2, 'Execution', 2, null]]);
  t.is(r.totalWeight, 5);
  t.false(r.fixed);
  for (const who of ['j1@jury.test', 'ann@x.test']) t.deepEqual((await fx.call(who, 'app.show_jury_criteria()')).criteria, r.criteria);
  const scaled = await fx.call('owner', 'app.set_jury_criteria($1)', [JSON.stringify({ scale: { min: 0, max: 10 }, criteria: [{ name: 'Overall', weight: 1 }] })]);
  t.deepEqual([scaled.scale, scaled.criteria.length], [{ min: 0, max: 10 }, 1]);
});

test.serial('invalid_criteria names the field; nothing is stored', async (t) => {
  const fx = await juryFixture(db.pool);
  await fx.call('owner', 'app.set_jury_criteria($1)', [JSON.stringify(CRITERIA)]);
  const set = (f: unknown) => refusal(fx.call('owner', 'app.set_jury_criteria($1)', [JSON.stringify(f)]));
  t.like(await set([]), { code: 'invalid_criteria', details: { field: 'criteria' } });
  t.like(await set([{ name: 'A', weight: 1.5 }]), { code: 'invalid_criteria', details: { field: 'criteria.0.weight' } });
  t.like(await set([{ name: 'A', weight: 0 }]), { code: 'invalid_criteria', details: { field: 'criteria.0.weight' } });
  t.like(await set([{ name: 'A', weight: 1 }, { name: 'a', weight: 2 }]), { code: 'invalid_criteria', details: { field: 'criteria.1.name' } });
  t.like(await set([{ name: 'A=B', weight: 1 }]), { code: 'invalid_criteria', details: { field: 'criteria.0.name' } });
  t.like(await set([{ name: 'A', weight: 1, extra: 1 }]), { code: 'invalid_criteria', details: { field: 'criteria.0.extra' } });
  t.like(await set({ scale: { min: 5, max: 1 }, criteria: CRITERIA }), { code: 'invalid_criteria', details: { field: 'scale' } });
  t.is((await fx.call('owner', 'app.show_jury_criteria()')).criteria.length, 2);
  t.like(await refusal(fx.call('j1@jury.test', 'app.set_jury_criteria($1)', [JSON.stringify(CRITERIA)])), { code: 'insufficient_event_role' });
});

test.serial('criteria changes are refused once judging opened (jury_opened)', async (t) => {
  const fx = await juryFixture(db.pool);
  await openJury(fx);
  const r = await refusal(fx.call('owner', 'app.set_jury_criteria($1)', [JSON.stringify(CRITERIA)]));
  t.is(r.code, 'jury_opened');
  t.regex(r.message, /Judging opened at \S+Z: the criteria are fixed/);
  t.true((await fx.call('owner', 'app.show_jury_criteria()')).fixed);
});
