-- Workspace owners and admins (in a session) mint demo passes from the tokens' hashes: one per
-- email, lasting 1 minute to 1 week, each acting for a member or guest ranked below the maker.
-- Refuses invalid_input (minutes, emails missing, repeated or malformed) and demo_role_refused.

CREATE OR REPLACE FUNCTION app_private.create_demo_passes(p_emails text[], p_token_hashes bytea[], p_minutes integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  now_ timestamptz := app_private.ms(app.now());
  i int;
  who app.memberships;
  maker app.workspace_role;
  d app_private.demo_passes;
  out jsonb := '[]';
begin
  perform app_private.require_session();
  perform app_private.require_owner_or_admin('mints demo passes');
  select m.role into maker from app.memberships m where m.workspace_id = app.current_workspace_id() and m.user_id = app.current_user_id();
  if p_minutes is null or p_minutes < 1 or p_minutes > 7 * 24 * 60 then
    perform app_private.fail('invalid_input', 'A demo pass lives from one minute to one week', '{"field":"minutes"}');
  end if;
  if coalesce(cardinality(p_emails), 0) = 0 or cardinality(p_emails) <> cardinality(p_token_hashes) then
    perform app_private.fail('invalid_input', 'Name at least one member by email', '{"field":"emails"}');
  end if;
  for i in 1 .. cardinality(p_emails) loop
    if exists (select 1 from unnest(p_emails[1:i - 1]) e where app_private.normalize_email(e) = app_private.normalize_email(p_emails[i])) then
      perform app_private.fail('invalid_input', format('emails.%s names %s twice', i - 1, p_emails[i]), jsonb_build_object('field', format('emails.%s', i - 1)));
    end if;
    if p_emails[i] not like '%@%' then
      perform app_private.fail('invalid_input', format('emails.%s must be an email address', i - 1), jsonb_build_object('field', format('emails.%s', i - 1)));
    end if;
    who := app_private.workspace_person(p_emails[i]);
    if app_private.is_admin_role(who.role) or app_private.role_rank(who.role) >= app_private.role_rank(maker) then
      perform app_private.fail('demo_role_refused',
        format('A demo pass acts only for a member or guest below your role; %s is %s of this workspace', p_emails[i],
               case who.role when 'owner' then 'an owner' when 'admin' then 'an admin' else 'a ' || who.role end),
        jsonb_build_object('field', format('emails.%s', i - 1), 'role', who.role));
    end if;
    insert into app_private.demo_passes (workspace_id, user_id, token_hash, expires_at, created_by, created_at)
    values (app.current_workspace_id(), who.user_id, p_token_hashes[i], now_ + make_interval(mins => p_minutes), app.current_user_id(), now_)
    returning * into d;
    out := out || jsonb_build_array(app_private.demo_pass_json(d));
  end loop;
  return out;
end;
$function$;

revoke all on function app_private.create_demo_passes(p_emails text[], p_token_hashes bytea[], p_minutes integer) from public;
grant execute on function app_private.create_demo_passes(p_emails text[], p_token_hashes bytea[], p_minutes integer) to podium_app;
