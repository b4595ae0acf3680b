-- Takes an email's membership of a hub organization away; answers whether there was one.

CREATE OR REPLACE FUNCTION hub_private.remove_organization_member(p_org text, p_email text)
 RETURNS boolean
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with gone as (
    delete from hub.memberships m
     where m.organization_id = (hub_private.organization_ref(p_org)).id
       and m.account_id = (select a.id from hub.accounts a where app_private.normalize_email(a.email) = app_private.normalize_email(p_email))
    returning 1)
  select exists (select 1 from gone)
$function$;

revoke all on function hub_private.remove_organization_member(p_org text, p_email text) from public;
