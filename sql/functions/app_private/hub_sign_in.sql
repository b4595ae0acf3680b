-- After a verified token and a redeemed grant: maps the hub account to its person, its
-- organizations to workspaces (roles, hub teams), and mints an ordinary key for every
-- organization.

CREATE OR REPLACE FUNCTION app_private.hub_sign_in(p_account jsonb, p_orgs jsonb, p_default_org text, p_tool text, p_key_hash bytea, p_key_name text, p_expires_in_days integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  hub_id text := p_account ->> 'id';
  u app.users;
  o jsonb;
  t jsonb;
  ws app.workspaces;
  team app.teams;
  kept uuid[] := '{}';
  k jsonb;
  base text;
  n int;
begin
  if hub_id is null or p_account ->> 'email' is null then
    perform app_private.fail('hub_grant_invalid', 'The hub answered without an account');
  end if;
  -- Concurrent first exchanges of one account make one person.
  perform pg_advisory_xact_lock(7432091, hashtext(hub_id));
  select x.* into u from app_private.hub_accounts h join app.users x on x.id = h.user_id where h.hub_account_id = hub_id;
  if u.id is null then
    -- The hub proved the mailbox with its emailed code: the person of that address is this account.
    u := app_private.ensure_user(p_account ->> 'email', p_account ->> 'name');
    if exists (select 1 from app_private.hub_accounts h where h.user_id = u.id) then
      perform app_private.fail('conflict', format('%s is already the person of another hub account on this instance', u.email));
    end if;
    insert into app_private.hub_accounts (hub_account_id, user_id) values (hub_id, u.id);
  end if;

  for o in select * from jsonb_array_elements(coalesce(p_orgs, '[]')) loop
    select * into ws from app.workspaces w where w.organization_id = o ->> 'id';
    if ws.id is null then
      base := left(btrim(o ->> 'name'), 100);
      n := 1;
      while exists (select 1 from app.workspaces w where lower(w.name) = lower(base)) loop
        n := n + 1;
        base := left(btrim(o ->> 'name'), 90) || ' (' || n || ')';
      end loop;
      insert into app.workspaces (name, organization_id) values (base, o ->> 'id') returning * into ws;
    end if;
    kept := kept || ws.id;
    insert into app.memberships (workspace_id, user_id, role) values (ws.id, u.id, (o ->> 'role')::app.workspace_role)
      on conflict (workspace_id, user_id) do update set role = excluded.role;
    for t in select * from jsonb_array_elements(coalesce(o -> 'teams', '[]')) loop
      insert into app.teams (workspace_id, slug, name, hub_managed) values (ws.id, t ->> 'slug', t ->> 'name', true)
        on conflict (workspace_id, slug) do update set name = excluded.name, hub_managed = true
        returning * into team;
      if (t ->> 'member')::boolean then
        insert into app.team_members (team_id, user_id) values (team.id, u.id) on conflict do nothing;
      else
        delete from app.team_members m where m.team_id = team.id and m.user_id = u.id;
      end if;
    end loop;
  end loop;
  -- Organizations the account left on the hub: their workspaces here no longer hold it.
  delete from app.memberships m using app.workspaces w
   where m.workspace_id = w.id and m.user_id = u.id and w.organization_id is not null and (w.id = any (kept)) is not true;
  update app.users x set default_workspace_id = coalesce(
      (select w.id from app.workspaces w where w.organization_id = p_default_org and w.id = any (kept)),
      case when x.default_workspace_id = any (kept) then x.default_workspace_id end,
      kept[1])
   where x.id = u.id;

  k := app_private.create_api_key(u.id, p_key_hash, p_tool, p_key_name, null, null, p_expires_in_days, 'hub');
  return jsonb_build_object('key', k, 'user', jsonb_build_object('id', u.id, 'email', u.email, 'name', u.name));
end;
$function$;

comment on function app_private.hub_sign_in(p_account jsonb, p_orgs jsonb, p_default_org text, p_tool text, p_key_hash bytea, p_key_name text, p_expires_in_days integer) is 'After a verified token and a redeemed grant: maps the hub account to its person, its organizations to workspaces (roles, hub teams), and mints an ordinary key for every organization.';
revoke all on function app_private.hub_sign_in(p_account jsonb, p_orgs jsonb, p_default_org text, p_tool text, p_key_hash bytea, p_key_name text, p_expires_in_days integer) from public;
