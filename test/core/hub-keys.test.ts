// The instance's cache of the hub's published keys (core/hub/instance.ts over jose's
// createRemoteJWKSet), against a stand-in fetch: one fetch serves many tokens, a new key id
// fetches again once (a rotation), a forged one is not fetched for twice a minute, and a hub
// that answers badly or not in time is hub_unavailable.
import test from 'ava';
import { HubError, HubKeys } from '../../core/hub/instance.ts';
import { newSigningKey } from '../../core/hub/token.ts';

const HUB = 'http://hub.test';

function standIn(keys: () => unknown[], answer: () => Response | Promise<Response> = () => Response.json({ keys: keys() })) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string | URL, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    return answer();
  }) as typeof fetch;
  return { calls, fetchImpl };
}

test('one fetch serves every token of a known key; a new key id fetches once, a forged one once a minute', async (t) => {
  const a = newSigningKey();
  const b = newSigningKey();
  let published = [a.publicJwk];
  const hub = standIn(() => published);
  const keys = new HubKeys(HUB, hub.fetchImpl);
  t.deepEqual(await keys.key(a.kid), a.publicJwk);
  t.deepEqual(await keys.key(a.kid), a.publicJwk);
  t.is(keys.fetches, 1);
  t.is(hub.calls[0]!.url, `${HUB}/hub/v1/keys`);
  t.true(hub.calls[0]!.init.signal instanceof AbortSignal, 'every fetch has a timeout');
  t.is(hub.calls[0]!.init.redirect, 'error');
  published = [b.publicJwk, a.publicJwk]; // a rotation
  t.deepEqual(await keys.key(b.kid), b.publicJwk);
  t.is(keys.fetches, 2, 'the new key id fetched the set once');
  t.is(await keys.key('forged'), null);
  t.is(await keys.key('forged'), null);
  t.is(keys.fetches, 3, 'a forged key id is fetched for once a minute, not per token');
});

test('a hub answering an error, not JSON keys, or not in time: hub_unavailable', async (t) => {
  const down = new HubKeys(HUB, standIn(() => [], () => new Response('no', { status: 503 })).fetchImpl);
  await t.throwsAsync(down.key('k'), { instanceOf: HubError, message: 'The hub answered 503 for its signing keys' });
  const late = new HubKeys(HUB, standIn(() => [], () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'))).fetchImpl);
  const e = await t.throwsAsync(late.key('k'), { instanceOf: HubError, message: 'The hub could not be reached for its signing keys (TimeoutError)' });
  t.is(e?.code, 'hub_unavailable');
  const garbled = new HubKeys(HUB, standIn(() => [], () => new Response('<html>', { status: 200 })).fetchImpl);
  t.is((await t.throwsAsync(garbled.key('k'), { instanceOf: HubError }))?.code, 'hub_unavailable');
});
