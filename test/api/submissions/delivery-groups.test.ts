// The intake's grouping (core/codehost/delivery-groups.ts), against a recorder that
// answers when the test says so: a lone delivery starts at once, and so does a second group
// of its event (IN_FLIGHT); those that arrive while both are in flight go together in the
// next (at most MAX_GROUP); other events do not wait; a failed item, or a whole group that
// failed, is run alone for its own answer.
import test from 'ava';
import { DeliveryGroups, IN_FLIGHT, MAX_GROUP, type Delivery, type Recorder } from '../../../core/codehost/delivery-groups.ts';

function controlled() {
  const calls: { eventId: string; items: string[]; answer(a: unknown[] | Error): void }[] = [];
  const alone: string[] = [];
  const recorder: Recorder = {
    group: (eventId, items) => new Promise((resolve, reject) => {
      calls.push({ eventId, items: items.map((i) => i.delivery), answer: (a) => (a instanceof Error ? reject(a) : resolve(a as never)) });
    }),
    one: async (_eventId, item) => {
      alone.push(item.delivery);
      if (item.delivery.startsWith('bad')) throw new Error(`refused ${item.delivery}`);
      return { sequence: -1, delivery: item.delivery };
    },
  };
  return { calls, alone, recorder };
}
const d = (delivery: string): Delivery => ({ delivery, kind: 'push', payload: {} });
const tick = () => new Promise((r) => setImmediate(r));
const receipt = (id: string) => ({ sequence: Number(id.replace(/\D/g, '')), delivery: id });

test('a lone delivery starts at once, a second group too; those that arrive while both are in flight go together next; each gets its own answer', async (t) => {
  t.is(IN_FLIGHT, 2);
  const { calls, recorder } = controlled();
  const g = new DeliveryGroups(recorder);
  const first = g.record('e1', d('a1'));
  const second = g.record('e1', d('a2'));
  await tick();
  t.deepEqual(calls.map((c) => c.items), [['a1'], ['a2']], 'two groups of one event in flight');
  const later = ['a3', 'a4', 'a5'].map((id) => g.record('e1', d(id)));
  const other = g.record('e2', d('b1'));
  await tick();
  t.deepEqual(calls.map((c) => [c.eventId, c.items]), [['e1', ['a1']], ['e1', ['a2']], ['e2', ['b1']]], 'another event does not wait; e1 waits for a group to end');
  calls[1]!.answer([receipt('a2')]);
  t.deepEqual(await second, receipt('a2'));
  await tick();
  t.deepEqual(calls[3]!.items, ['a3', 'a4', 'a5']);
  calls[3]!.answer([receipt('a3'), null, receipt('a5')]);
  t.deepEqual(await Promise.all(later), [receipt('a3'), null, receipt('a5')]);
  calls[0]!.answer([receipt('a1')]);
  t.deepEqual(await first, receipt('a1'));
  calls[2]!.answer([receipt('b1')]);
  t.deepEqual(await other, receipt('b1'));
  await tick();
  t.is(calls.length, 4, 'nothing left to record');
});

test(`a group holds at most ${MAX_GROUP}; the rest go in the next`, async (t) => {
  const { calls, recorder } = controlled();
  const g = new DeliveryGroups(recorder);
  const all = [g.record('e1', d('x0')), g.record('e1', d('y0'))];
  await tick();
  for (let i = 1; i <= MAX_GROUP + 5; i++) all.push(g.record('e1', d(`x${i}`)));
  calls[0]!.answer([receipt('x0')]);
  await tick();
  t.is(calls[2]!.items.length, MAX_GROUP);
  t.is(calls[2]!.items[0], 'x1');
  calls[1]!.answer([receipt('y0')]);
  await tick();
  t.deepEqual(calls[3]!.items, ['x51', 'x52', 'x53', 'x54', 'x55']);
  calls[2]!.answer(calls[2]!.items.map(receipt));
  calls[3]!.answer(calls[3]!.items.map(receipt));
  t.is((await Promise.all(all)).length, MAX_GROUP + 7);
});

test('an item answered failed, or every item of a group that failed, runs alone and gets its own answer or error', async (t) => {
  const { calls, alone, recorder } = controlled();
  const g = new DeliveryGroups(recorder);
  const first = g.record('e1', d('c1'));
  const lone = g.record('e1', d('c0'));
  await tick();
  const mixed = [g.record('e1', d('c2')), g.record('e1', d('bad3')), g.record('e1', d('c4'))];
  calls[0]!.answer(new Error('the database went away'));
  t.deepEqual(await first, { sequence: -1, delivery: 'c1' }, 'the whole group failed: run alone');
  await tick();
  calls[2]!.answer([receipt('c2'), { failed: true }, receipt('c4')]);
  calls[1]!.answer([receipt('c0')]);
  t.deepEqual(await lone, receipt('c0'));
  const settled = await Promise.allSettled(mixed);
  t.deepEqual(settled[0], { status: 'fulfilled', value: receipt('c2') });
  t.is((settled[1] as PromiseRejectedResult).reason.message, 'refused bad3');
  t.deepEqual(settled[2], { status: 'fulfilled', value: receipt('c4') });
  t.deepEqual(alone, ['c1', 'bad3']);
});
