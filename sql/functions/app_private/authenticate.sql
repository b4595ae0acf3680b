-- Who a request is, from the sha256 of its API key or of its session cookie: the user, the key, the
-- session or demo pass, and the workspace it acts in (pinned by key or demo pass, else asked for or
-- default). Answers null for an unknown, revoked or expired credential or a demo pass that no
-- longer acts; a workspace it may not use comes back as workspaceError, not raised.

CREATE OR REPLACE FUNCTION app_private.authenticate(p_key_hash bytea, p_session_hash bytea, p_workspace uuid, p_org text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  k app_private.api_keys;
  s app_private.sessions;
  d app_private.demo_passes;
  u app.users;
  pin uuid;
  ws jsonb;
begin
  if p_key_hash is not null then
    select * into k from app_private.api_keys x where x.token_hash = p_key_hash;
    if k.id is null or k.revoked_at is not null or (k.expires_at is not null and k.expires_at <= app.now()) then
      return null;
    end if;
    select * into u from app.users x where x.id = k.user_id;
    pin := k.workspace_id;
  elsif p_session_hash is not null then
    select * into s from app_private.sessions x where x.token_hash = p_session_hash;
    if s.id is null or s.expires_at <= app.now() then
      return null;
    end if;
    if s.demo_pass_id is not null then
      select * into d from app_private.demo_passes x where x.id = s.demo_pass_id;
      if app_private.demo_pass_acts(d) is not true then
        return null;
      end if;
      pin := d.workspace_id;
    end if;
    select * into u from app.users x where x.id = s.user_id;
  else
    return null;
  end if;
  ws := app_private.resolve_workspace(u.id, pin, p_workspace, p_org);
  if d.id is not null and ws -> 'error' ->> 'code' = 'workspace_pinned' then
    ws := jsonb_set(ws, '{error,message}', to_jsonb(format('This demo session acts only in workspace %s (%s), where its pass was minted',
      (select w.name from app.workspaces w where w.id = d.workspace_id), d.workspace_id)));
  end if;
  return jsonb_build_object(
    'via', case when k.id is not null then 'api_key' else 'session' end,
    'user', jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name),
    'key', case when k.id is null then null else jsonb_build_object(
      'id', k.id, 'name', k.name, 'tool', k.tool, 'scopes', to_jsonb(k.scopes),
      'workspaceId', k.workspace_id, 'expiresAt', k.expires_at) end,
    'sessionId', s.id,
    'demoPassId', d.id,
    'workspace', case when ws ? 'error' then null else ws end,
    'workspaceError', ws -> 'error'
  );
end;
$function$;

revoke all on function app_private.authenticate(p_key_hash bytea, p_session_hash bytea, p_workspace uuid, p_org text) from public;
