-- First-run setup (podium setup, or the setup link): makes the first workspace and its owner (with
-- a password hash when given), who becomes the first instance operator, and spends every setup
-- token. Refuses already_set_up once any workspace exists.

CREATE OR REPLACE FUNCTION app_private.setup(p_workspace text, p_email text, p_name text, p_password_hash text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  ws jsonb;
  member jsonb;
begin
  lock table app.workspaces in exclusive mode;
  if exists (select 1 from app.workspaces) then
    perform app_private.fail('already_set_up', 'This instance is already set up; add workspaces and members with podium workspace create and podium member add');
  end if;
  ws := app_private.create_workspace(p_workspace);
  member := app_private.add_member(ws ->> 'id', p_email, 'owner', p_name);
  if p_password_hash is not null then
    insert into app_private.user_secrets (user_id, password_hash) values ((member ->> 'userId')::uuid, p_password_hash)
      on conflict (user_id) do update set password_hash = excluded.password_hash;
  end if;
  insert into app_private.instance_operators (user_id, added_by) values ((member ->> 'userId')::uuid, 'setup')
    on conflict (user_id) do nothing;
  update app_private.setup_tokens set used_at = now() where used_at is null;
  return jsonb_build_object('workspace', ws, 'owner', jsonb_build_object('id', member -> 'userId', 'email', member -> 'email', 'name', nullif(trim(p_name), '')),
    'operator', true);
end;
$function$;

revoke all on function app_private.setup(p_workspace text, p_email text, p_name text, p_password_hash text) from public;
