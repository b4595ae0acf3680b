-- Deck keys made and revoked from the dashboard (/decks/keys). Only browser sessions may
-- call these two functions: a key caller is refused (a key cannot mint or revoke keys, so
-- a stolen key cannot outlive its revocation). The secret is generated in TypeScript
-- (core/keys.ts mintKey, as the CLI sign-in does); only its sha256 and its last four
-- characters (to tell keys apart in the list) reach SQL.

alter table app_private.api_keys add column last4 text check (last4 ~ '^[A-Za-z0-9_-]{4}$');
comment on column app_private.api_keys.last4 is 'The last four characters of the secret, to tell keys apart in the dashboard (dashboard keys only).';

-- The view gains the hint as its last column (the rest unchanged).
create or replace view app.my_api_keys as
  select k.id, k.tool, k.name, k.scopes, k.workspace_id, k.created_via, k.expires_at, k.last_used_at, k.revoked_at, k.created_at, k.last4
  from app_private.api_keys k
  where k.user_id = app.current_user_id();
comment on view app.my_api_keys is 'The caller''s own API keys, without their hashes (last4: the secret''s last four characters, for dashboard keys).';

-- Sessions only: the caller is a signed-in person and the credential is not a key.
create function app_private.require_session() returns void
  language plpgsql stable
  set search_path = ''
as $$
begin
  if app.current_user_id() is null then
    perform app_private.fail('unauthorized', 'Sign in first');
  end if;
  if nullif(current_setting('app.key_id', true), '') is not null then
    perform app_private.fail('key_not_allowed', 'Keys are made and revoked from a browser session; API keys are refused here');
  end if;
end;
$$;
grant execute on function app_private.require_session() to podium_app;

create function app.create_dashboard_key(
  p_token_hash bytea, p_last4 text, p_name text, p_scopes text[], p_expires_in_days int, p_pin boolean
) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  ws uuid;
  k jsonb;
begin
  perform app_private.require_session();
  perform app_private.require_scope('presentations:write'); -- sessions carry every scope
  if p_name is null or length(trim(p_name)) not between 1 and 100 or p_name ~ '[[:cntrl:]]' then
    perform app_private.fail('invalid_input', 'A key needs a name of 1 to 100 characters', jsonb_build_object('field', 'name'));
  end if;
  if p_token_hash is null or length(p_token_hash) <> 32 then
    perform app_private.fail('invalid_input', 'The key hash must be a sha256', jsonb_build_object('field', 'tokenHash'));
  end if;
  if coalesce(p_pin, false) then
    ws := app.current_workspace_id();
    if ws is null then
      perform app_private.fail('invalid_input', 'There is no current workspace to pin the key to', jsonb_build_object('field', 'pin'));
    end if;
  end if;
  k := app_private.create_api_key(app.current_user_id(), p_token_hash, 'deck', trim(p_name), coalesce(p_scopes, '{}'), ws, p_expires_in_days, 'dashboard');
  update app_private.api_keys x set last4 = p_last4 where x.id = (k ->> 'id')::uuid;
  return k || jsonb_build_object('last4', p_last4);
end;
$$;
comment on function app.create_dashboard_key(bytea, text, text, text[], int, boolean) is
  'Makes a deck key for the signed-in person (browser sessions only; keys are refused). The secret is made by the caller; only its sha256 and last four characters come here. Scopes among presentations:read, presentations:write, data:export; optional lifetime (1 to 3650 days) and pin to the current workspace.';
grant execute on function app.create_dashboard_key(bytea, text, text, text[], int, boolean) to podium_app;

create function app.revoke_my_api_key(p_key uuid) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  r jsonb;
begin
  perform app_private.require_session();
  perform app_private.require_scope('presentations:write'); -- sessions carry every scope
  update app_private.api_keys x set revoked_at = coalesce(x.revoked_at, app.now())
   where x.id = p_key and x.user_id = app.current_user_id()
  returning jsonb_build_object('id', x.id, 'name', x.name, 'revokedAt', x.revoked_at) into r;
  if r is null then
    perform app_private.fail('not_found', 'No such key of yours');
  end if;
  return r;
end;
$$;
comment on function app.revoke_my_api_key(uuid) is 'Revokes one of the signed-in person''s own API keys (browser sessions only; keys are refused). Revoking twice keeps the first time.';
grant execute on function app.revoke_my_api_key(uuid) to podium_app;
