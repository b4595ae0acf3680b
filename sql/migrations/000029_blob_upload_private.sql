-- "These bytes were uploaded and verified, and this is their size" is known only to the upload
-- route (PUT /api/v1/blobs/:sha256), after the storage driver hashed and measured them. As
-- app.blob_uploaded it was public API: any presentations:write key could call it through
-- /graphql and
--   - name a blob it never uploaded (precheck a foreign sha256, record it, commit a manifest
--     naming it, read the bytes through its own share link), and
--   - record a wrong size for content nobody had uploaded yet, after which every honest push
--     of those bytes failed blob_mismatch, for every workspace, for good.
-- The record moves to app_private, called only by the upload route with the size it measured;
-- the app function is dropped, so GraphQL no longer has it.
drop function app.blob_uploaded(text, bigint);

create function app_private.blob_uploaded(p_sha text, p_measured_size bigint) returns jsonb
  language plpgsql volatile security definer
  set search_path = ''
as $$
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
$$;
comment on function app_private.blob_uploaded(text, bigint) is
  'Publishing step 2, after the storage driver verified and measured the bytes (upload route only): the blob becomes the workspace''s to name in a manifest.';
grant execute on function app_private.blob_uploaded(text, bigint) to podium_app;
