// Emailed codes are for self-hosted instances; a cloud instance (discovery names `hub`)
// signs in through the hub, so the client steers there before sending anything.
import type { Instance } from '../../../../core/wire/identity.ts';
import { CliError, EXIT } from '../../../lib/errors.ts';
import type { WireClient } from '../../../../client/wire.ts';

/** Discovery of a self-hosted instance (refused on a cloud one). */
export async function refuseOnCloud(anon: WireClient): Promise<Instance> {
  const d = await anon.call('GET /api/v1/instance');
  if (d.auth.methods.includes('hub')) {
    throw new CliError(`${anon.baseUrl} is a cloud instance: it signs in with your hub login, not an emailed code (deckcli login --api-url ${anon.baseUrl})`, EXIT.rejected, 'cli_otp_disabled');
  }
  return d;
}
