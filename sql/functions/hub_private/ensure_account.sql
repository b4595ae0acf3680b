-- The hub account with this email (normalized), made with the name if there is none.

CREATE OR REPLACE FUNCTION hub_private.ensure_account(p_email text, p_name text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  a hub.accounts;
begin
  select * into a from hub.accounts x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if a.id is null then
    insert into hub.accounts (email, name) values (btrim(p_email), nullif(btrim(p_name), '')) returning * into a;
  end if;
  return jsonb_build_object('id', a.id, 'email', a.email, 'name', a.name);
end;
$function$;

revoke all on function hub_private.ensure_account(p_email text, p_name text) from public;
