// repository.access when the code host cannot be asked (standing or push permission):
// standing unknown with a fix, never a guess; a repository that is not the event's is never
// asked about. (The other standings are read from the real local code host in bootstrap.test.ts.)
import test from 'ava';
import { readAccess } from '../../../api/routes/bootstrap/access.ts';
import { CodeHostError, type CodeHost } from '../../../core/codehost/types.ts';

const unreachable = {
  kind: 'github',
  standing: async () => {
    throw new CodeHostError('unavailable', 'GitHub did not answer');
  },
} as unknown as CodeHost;
const owned = async () => true;

test('a code host that cannot be asked gives standing unknown, no push, a fix', async (t) => {
  t.deepEqual(await readAccess(unreachable, 'acme/rocket', 'ann-gh', 'https://github.com/acme/rocket/invitations', owned), {
    standing: 'unknown', canPush: false, invitationUrl: null, fix: 'The code host could not be asked right now; try again in a minute.',
  });
  // Without a username the host is not asked at all.
  t.is((await readAccess(unreachable, 'acme/rocket', null, 'x', owned)).standing, 'no_username');
});

test('a member whose push permission cannot be asked is unknown too, never a guessed canPush', async (t) => {
  const halfway = { kind: 'github', standing: async () => 'member', canPush: unreachable.standing } as unknown as CodeHost;
  t.like(await readAccess(halfway, 'acme/rocket', 'ann-gh', 'x', owned), { standing: 'unknown', canPush: false });
});

test('a repository that is not the event\'s: standing none with the fix, and the code host is not asked', async (t) => {
  let asked = 0;
  const counting = { kind: 'local', standing: async () => { asked++; return 'member'; }, canPush: async () => { asked++; return true; } } as unknown as CodeHost;
  t.deepEqual(await readAccess(counting, 'acme/rocket', 'ann-gh', 'x', async () => false), {
    standing: 'none', canPush: false, invitationUrl: null,
    fix: 'acme/rocket is not a repository of this event on the code host; ask an organizer to run hackathon event github-check.',
  });
  t.is(asked, 0);
  // Ownership that cannot be read is unknown, and still nothing is read from the repository.
  t.like(await readAccess(counting, 'acme/rocket', 'ann-gh', 'x', async () => { throw new CodeHostError('unavailable', 'GitHub did not answer'); }), { standing: 'unknown', canPush: false });
  t.is(asked, 0);
  t.like(await readAccess(counting, 'acme/rocket', 'ann-gh', 'x', owned), { standing: 'member', canPush: true });
  t.is(asked, 2);
});
