-- The first-run setup page: runs app_private.setup (workspace, owner, password) once per setup
-- token. Refuses invalid_setup_token for an unknown or used token.

CREATE OR REPLACE FUNCTION app_private.setup_with_token(p_token_hash bytea, p_workspace text, p_email text, p_name text, p_password_hash text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not exists (select 1 from app_private.setup_tokens t where t.token_hash = p_token_hash and t.used_at is null) then
    perform app_private.fail('invalid_setup_token', 'This setup link is no longer valid; restart the server for a new one');
  end if;
  return app_private.setup(p_workspace, p_email, p_name, p_password_hash);
end;
$function$;

revoke all on function app_private.setup_with_token(p_token_hash bytea, p_workspace text, p_email text, p_name text, p_password_hash text) from public;
