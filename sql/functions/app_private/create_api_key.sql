-- Mints an API key from the sha256 of its token, computed by the caller (operator CLI, dashboard,
-- sign-in): a deck key takes presentations scopes, a hackathon key hackathon scopes, either
-- data:export, except a key minted by sign-in (email code, hub). Refuses invalid_tool,
-- invalid_scopes, invalid_expiry (1 to 3650 days) and not_a_member for a workspace pin.

CREATE OR REPLACE FUNCTION app_private.create_api_key(p_user uuid, p_token_hash bytea, p_tool text, p_name text, p_scopes text[], p_workspace uuid, p_expires_in_days integer, p_via text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  k app_private.api_keys;
  scopes text[];
begin
  if p_tool not in ('deck', 'hackathon') then
    perform app_private.fail('invalid_tool', format('Tool must be deck or hackathon, got %s', p_tool));
  end if;
  scopes := coalesce(p_scopes, case p_tool when 'deck' then array['presentations:read', 'presentations:write']
                                              else array['hackathon:read', 'hackathon:write'] end);
  if p_tool = 'deck' and (scopes <@ array['presentations:read', 'presentations:write', 'data:export']) is not true then
    perform app_private.fail('invalid_scopes', format('A deck key takes presentations:read, presentations:write, data:export; got %s', array_to_string(scopes, ',')));
  elsif p_tool = 'hackathon' and (scopes <@ array['hackathon:read', 'hackathon:write', 'data:export']) is not true then
    perform app_private.fail('invalid_scopes', format('A hackathon key takes hackathon:read, hackathon:write, data:export; got %s', array_to_string(scopes, ',')));
  elsif cardinality(scopes) = 0 then
    perform app_private.fail('invalid_scopes', 'A key needs at least one scope');
  end if;
  if p_via in ('email_code', 'hub') and 'data:export' = any (scopes) then
    perform app_private.fail('invalid_scopes', 'Keys minted by sign-in never carry data:export');
  end if;
  if p_expires_in_days is not null and (p_expires_in_days < 1 or p_expires_in_days > 3650) then
    perform app_private.fail('invalid_expiry', format('Lifetime must be 1 to 3650 days, got %s', p_expires_in_days));
  end if;
  if p_workspace is not null and not exists (select 1 from app.memberships m where m.workspace_id = p_workspace and m.user_id = p_user) then
    perform app_private.fail('not_a_member', 'A key can only be pinned to a workspace its account belongs to');
  end if;
  insert into app_private.api_keys (user_id, token_hash, tool, name, scopes, workspace_id, created_via, expires_at)
  values (p_user, p_token_hash, p_tool, coalesce(nullif(trim(p_name), ''), p_tool || ' key'), scopes, p_workspace, p_via,
          case when p_expires_in_days is null then null else app.now() + make_interval(days => p_expires_in_days) end)
  returning * into k;
  return jsonb_build_object('id', k.id, 'name', k.name, 'tool', k.tool, 'scopes', to_jsonb(k.scopes),
    'workspaceId', k.workspace_id, 'expiresAt', k.expires_at, 'createdAt', k.created_at);
end;
$function$;

revoke all on function app_private.create_api_key(p_user uuid, p_token_hash bytea, p_tool text, p_name text, p_scopes text[], p_workspace uuid, p_expires_in_days integer, p_via text) from public;
