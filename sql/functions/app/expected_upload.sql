-- Publishing step 2, before the bytes: the size of a blob the caller's precheck asked for, or of
-- one this workspace already holds (two pushes of the same new file at once share one upload
-- intent; the storage driver still verifies the bytes). Refuses blob_not_prechecked otherwise.

CREATE OR REPLACE FUNCTION app.expected_upload(p_sha text)
 RETURNS bigint
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s bigint;
begin
  perform app_private.require_scope('presentations:write');
  select i.size into s from app_private.upload_intents i
   where i.user_id = app.current_user_id() and i.workspace_id = app.current_workspace_id() and i.sha256 = p_sha;
  if s is null then
    select b.size into s from app_private.workspace_blobs wb join app_private.blobs b on b.sha256 = wb.sha256
     where wb.workspace_id = app.current_workspace_id() and wb.sha256 = p_sha;
  end if;
  if s is null then
    perform app_private.fail('blob_not_prechecked', 'Precheck this blob first: the server accepts only the uploads a precheck asked for', jsonb_build_object('sha256', p_sha));
  end if;
  return s;
end;
$function$;

comment on function app.expected_upload(p_sha text) is 'Publishing step 2 (before the bytes): the declared size of a blob the caller''s precheck asked for.';
revoke all on function app.expected_upload(p_sha text) from public;
grant execute on function app.expected_upload(p_sha text) to public;
grant execute on function app.expected_upload(p_sha text) to podium_app;
