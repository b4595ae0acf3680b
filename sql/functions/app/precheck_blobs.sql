-- Publishing step 1: p_files [{ sha256, size }] (at most 20000). Answers the blobs this workspace
-- lacks and records them as expected uploads (only those may be uploaded). Members, admins and
-- owners (app_private.require_deck_creator).

CREATE OR REPLACE FUNCTION app.precheck_blobs(p_files jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ws uuid;
  missing jsonb;
begin
  perform app_private.require_scope('presentations:write');
  ws := app_private.require_deck_creator();
  if jsonb_typeof(p_files) <> 'array' or jsonb_array_length(p_files) > 20000 then
    perform app_private.fail('invalid_input', 'files must be a list of at most 20000 { sha256, size }', jsonb_build_object('field', 'files'));
  end if;
  with wanted as (
    select distinct on (f.sha256) f.sha256, f.size
    from jsonb_to_recordset(p_files) as f (sha256 text, size bigint)
    order by f.sha256, f.size
  ), lacking as (
    select w.* from wanted w
    where not exists (select 1 from app_private.workspace_blobs b where b.workspace_id = ws and b.sha256 = w.sha256)
  ), noted as (
    insert into app_private.upload_intents (user_id, workspace_id, sha256, size)
    select app.current_user_id(), ws, l.sha256, l.size from lacking l
    on conflict (user_id, workspace_id, sha256) do update set size = excluded.size, created_at = now()
    returning sha256
  )
  select coalesce(jsonb_agg(n.sha256 order by n.sha256), '[]') into missing from noted n;
  return jsonb_build_object('missing', missing);
end;
$function$;

comment on function app.precheck_blobs(p_files jsonb) is E'@shape app.deck_blob_precheck\nPublishing step 1: which of these blobs (sha256, size) the workspace lacks; only those may then be uploaded.';
revoke all on function app.precheck_blobs(p_files jsonb) from public;
grant execute on function app.precheck_blobs(p_files jsonb) to public;
grant execute on function app.precheck_blobs(p_files jsonb) to podium_app;
