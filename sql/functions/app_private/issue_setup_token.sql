-- A new setup link replaces every earlier unused one. Answers false once set up.

CREATE OR REPLACE FUNCTION app_private.issue_setup_token(p_token_hash bytea)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if exists (select 1 from app.workspaces) then
    return false;
  end if;
  delete from app_private.setup_tokens where used_at is null;
  insert into app_private.setup_tokens (token_hash) values (p_token_hash);
  return true;
end;
$function$;

revoke all on function app_private.issue_setup_token(p_token_hash bytea) from public;
