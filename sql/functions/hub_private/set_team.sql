-- Makes or renames a hub organization's team and replaces its members with the listed emails that
-- are members of the organization (others are left out).

CREATE OR REPLACE FUNCTION hub_private.set_team(p_org text, p_slug text, p_name text, p_emails text[])
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  o hub.organizations := hub_private.organization_ref(p_org);
  t hub.teams;
begin
  insert into hub.teams (organization_id, slug, name) values (o.id, p_slug, btrim(p_name))
    on conflict (organization_id, slug) do update set name = excluded.name
    returning * into t;
  delete from hub.team_members m where m.team_id = t.id;
  insert into hub.team_members (team_id, account_id)
    select t.id, a.id from hub.accounts a
     where app_private.normalize_email(a.email) in (select app_private.normalize_email(e) from unnest(coalesce(p_emails, '{}')) e)
       and exists (select 1 from hub.memberships m where m.organization_id = o.id and m.account_id = a.id);
  return jsonb_build_object('id', t.id, 'slug', t.slug, 'name', t.name,
    'members', (select count(*) from hub.team_members m where m.team_id = t.id));
end;
$function$;

revoke all on function hub_private.set_team(p_org text, p_slug text, p_name text, p_emails text[]) from public;
