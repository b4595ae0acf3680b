-- The account with this address (app_private.normalize_email), made if there is none; a name fills
-- a missing one. users_email_key (unique on lower(email)) refuses an address that differs from
-- another account's only by a Unicode case mapping (\u212Aate next to kate): that refusal is raised
-- as conflict in words saying so.

CREATE OR REPLACE FUNCTION app_private.ensure_user(p_email text, p_name text)
 RETURNS app.users
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  u app.users;
begin
  select * into u from app.users x where app_private.normalize_email(x.email) = app_private.normalize_email(p_email);
  if u.id is null then
    begin
      insert into app.users (email, name) values (trim(p_email), nullif(trim(p_name), '')) returning * into u;
    exception when unique_violation then
      perform app_private.fail('conflict',
        format('%s differs from the address of another account only in letter case; it is not made a second account', trim(p_email)),
        jsonb_build_object('field', 'email'));
    end;
  elsif p_name is not null and u.name is null then
    update app.users x set name = nullif(trim(p_name), '') where x.id = u.id returning * into u;
  end if;
  return u;
end;
$function$;

revoke all on function app_private.ensure_user(p_email text, p_name text) from public;
