-- Publishing step 2, after the storage driver verified and measured the bytes (upload route
-- only): the blob becomes the workspace's to name in a manifest.

CREATE OR REPLACE FUNCTION app_private.blob_uploaded(p_sha text, p_measured_size bigint)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- The caller's own precheck (or a blob its workspace already holds), with the write scope.
  s bigint := app.expected_upload(p_sha);
begin
  if p_measured_size is null or s <> p_measured_size then
    perform app_private.fail('blob_mismatch', format('Declared %s bytes, received %s', s, p_measured_size),
      jsonb_build_object('sha256', p_sha, 'expectedSize', s, 'size', p_measured_size));
  end if;
  -- The bytes hash to p_sha and were measured: their size is the truth. A size recorded before
  -- this migration by a caller who never sent the bytes is corrected here instead of binding
  -- every later push.
  insert into app_private.blobs as b (sha256, size) values (p_sha, p_measured_size)
  on conflict (sha256) do update set size = excluded.size where b.size <> excluded.size;
  insert into app_private.workspace_blobs (workspace_id, sha256) values (app.current_workspace_id(), p_sha) on conflict do nothing;
  delete from app_private.upload_intents i
   where i.user_id = app.current_user_id() and i.workspace_id = app.current_workspace_id() and i.sha256 = p_sha;
  return jsonb_build_object('sha256', p_sha, 'size', p_measured_size);
end;
$function$;

comment on function app_private.blob_uploaded(p_sha text, p_measured_size bigint) is 'Publishing step 2, after the storage driver verified and measured the bytes (upload route only): the blob becomes the workspace''s to name in a manifest.';
revoke all on function app_private.blob_uploaded(p_sha text, p_measured_size bigint) from public;
grant execute on function app_private.blob_uploaded(p_sha text, p_measured_size bigint) to podium_app;
