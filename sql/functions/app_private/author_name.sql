-- The display name of an author: (erased account) once erased (or gone), else the name, else the
-- email.

CREATE OR REPLACE FUNCTION app_private.author_name(p_user uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return coalesce(
      (select case when u.erased_at is not null then '(erased account)' else coalesce(u.name, u.email) end
         from app.users u where u.id = p_user),
      '(erased account)');
end;
$function$;

comment on function app_private.author_name(p_user uuid) is 'The display name of an author: (erased account) once erased (or gone), else the name, else the email.';
revoke all on function app_private.author_name(p_user uuid) from public;
