// repository.access when the code host cannot be asked (standing or push permission):
// standing unknown with a fix, never a guess. (The other standings are read from the real
// local code host in bootstrap.test.ts.)
import test from 'ava';
import { readAccess } from '../../../api/routes/bootstrap/access.ts';
import { CodeHostError, type CodeHost } from '../../../core/codehost/types.ts';

const unreachable = {
  kind: 'github',
  standing: async () => {
    throw new CodeHostError('unavailable', 'GitHub did not answer');
  },
} as unknown as CodeHost;

test('a code host that cannot be asked gives standing unknown, no push, a fix', async (t) => {
  t.deepEqual(await readAccess(unreachable, 'acme/rocket', 'ann-gh', 'https://github.com/acme/rocket/invitations'), {
    standing: 'unknown', canPush: false, invitationUrl: null, fix: 'The code host could not be asked right now; try again in a minute.',
  });
  // Without a username the host is not asked at all.
  t.is((await readAccess(unreachable, 'acme/rocket', null, 'x')).standing, 'no_username');
});

test('a member whose push permission cannot be asked is unknown too, never a guessed canPush', async (t) => {
  const halfway = { kind: 'github', standing: async () => 'member', canPush: unreachable.standing } as unknown as CodeHost;
  t.like(await readAccess(halfway, 'acme/rocket', 'ann-gh', 'x'), { standing: 'unknown', canPush: false });
});
