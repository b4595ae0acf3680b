-- The exchange: a hub login asks for a token and a grant for one instance and one tool.
-- Refusals: unauthorized (login unknown or revoked), not_found (no such instance behind
-- this hub), tool_access_denied (no organization of the account opens the tool there).
-- Answers the claims the route signs (iat and exp from the hub's clock) and the key to sign with.

CREATE OR REPLACE FUNCTION hub_private.exchange(p_login_hash bytea, p_instance_url text, p_tool text, p_grant_hash bytea, p_jti uuid, p_lifetime_seconds integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  l hub_private.logins;
  a hub.accounts;
  i hub.instances;
  tool_name text;
  now_ timestamptz := app.now();
begin
  select * into l from hub_private.logins x where x.token_hash = p_login_hash and x.revoked_at is null;
  if l.id is null then
    perform app_private.fail('unauthorized', 'The hub does not know this hub login (signed out or revoked): sign in again');
  end if;
  select * into a from hub.accounts x where x.id = l.account_id;
  if p_tool not in ('deck', 'hackathon') then
    perform app_private.fail('invalid_tool', format('Tool must be deck or hackathon, got %s', p_tool));
  end if;
  select * into i from hub.instances x where x.url = p_instance_url;
  if i.id is null then
    perform app_private.fail('not_found', format('%s is not an instance behind this hub', p_instance_url));
  end if;
  tool_name := case p_tool when 'deck' then 'deck publishing (deckcli)' else 'hackathon events (hackathon)' end;
  if not exists (select 1 from hub.memberships m join hub.organizations o on o.id = m.organization_id
                  where m.account_id = a.id and o.instance_id = i.id and p_tool = any (o.tools)) then
    perform app_private.fail('tool_access_denied',
      format('None of the organizations of %s opens %s on %s: ask an owner of your organization to open it on the hub',
        a.email, tool_name, i.name),
      jsonb_build_object('tool', p_tool, 'instance', i.url));
  end if;
  update hub_private.logins x set last_used_at = now_ where x.id = l.id;
  insert into hub_private.grants (grant_hash, jti, account_id, instance_id, login_id, tool, expires_at)
  values (p_grant_hash, p_jti, a.id, i.id, l.id, p_tool, now_ + make_interval(secs => p_lifetime_seconds));
  return jsonb_build_object(
    'account', jsonb_build_object('id', a.id, 'email', a.email, 'name', a.name),
    'instance', jsonb_build_object('id', i.id, 'url', i.url, 'name', i.name),
    'iat', floor(extract(epoch from now_))::bigint,
    'exp', floor(extract(epoch from now_))::bigint + p_lifetime_seconds,
    'key', hub_private.signing_key(null));
end;
$function$;

comment on function hub_private.exchange(p_login_hash bytea, p_instance_url text, p_tool text, p_grant_hash bytea, p_jti uuid, p_lifetime_seconds integer) is 'A hub login asks for a token and a one-time grant for one instance and tool; refused tool_access_denied when no organization of the account opens the tool there.';
revoke all on function hub_private.exchange(p_login_hash bytea, p_instance_url text, p_tool text, p_grant_hash bytea, p_jti uuid, p_lifetime_seconds integer) from public;
