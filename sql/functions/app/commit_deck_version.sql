-- Publishing step 3: commits a manifest as a new deck (deck null) or as the next version on the
-- expected base version.

CREATE OR REPLACE FUNCTION app.commit_deck_version(p_deck uuid, p_base integer, p_manifest jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d app.decks;
  v app.deck_versions;
  ws uuid;
  files jsonb := p_manifest -> 'files';
  entry text := p_manifest ->> 'entry';
  bad record;
  missing jsonb;
begin
  perform app_private.require_scope('presentations:write');
  if jsonb_typeof(files) is distinct from 'array' or jsonb_array_length(files) = 0 or jsonb_array_length(files) > 20000 then
    perform app_private.fail('invalid_input', 'files must list 1 to 20000 files', jsonb_build_object('field', 'files'));
  end if;
  select f.path into bad from jsonb_to_recordset(files) as f (path text, sha256 text, size bigint)
   where app_private.manifest_path_ok(f.path) is not true or f.sha256 !~ '^[0-9a-f]{64}$' or f.size is null or f.size < 0 limit 1;
  if found then
    perform app_private.fail('invalid_path', format('Manifest path %s is refused', bad.path), jsonb_build_object('field', 'files', 'path', bad.path));
  end if;
  if (select count(distinct f.path) from jsonb_to_recordset(files) as f (path text)) <> jsonb_array_length(files) then
    perform app_private.fail('invalid_input', 'A path appears twice in the manifest', jsonb_build_object('field', 'files'));
  end if;
  if not exists (select 1 from jsonb_to_recordset(files) as f (path text) where f.path = entry) or entry like 'downloads/%' then
    perform app_private.fail('invalid_entry', format('The entry %s is not one of the files (attachments under downloads/ cannot be the entry)', entry), jsonb_build_object('field', 'entry'));
  end if;

  if p_deck is null then
    ws := app_private.require_deck_creator();
  else
    d := app_private.deck_for(p_deck, array['owner', 'admin'], true);
    ws := d.workspace_id;
    if p_base is distinct from d.current_version then
      perform app_private.fail('version_conflict',
        format('The deck is at version %s, not %s: another push committed first; pull or push again on top of it', d.current_version, coalesce(p_base::text, 'none')),
        jsonb_build_object('currentVersion', d.current_version, 'baseVersion', p_base));
    end if;
  end if;

  -- Every blob must be this workspace's, with the declared size.
  select coalesce(jsonb_agg(distinct f.sha256), '[]') into missing
    from jsonb_to_recordset(files) as f (path text, sha256 text, size bigint)
    left join app_private.workspace_blobs wb on wb.workspace_id = ws and wb.sha256 = f.sha256
    left join app_private.blobs b on b.sha256 = wb.sha256
   where b.sha256 is null;
  if jsonb_array_length(missing) > 0 then
    perform app_private.fail('blob_missing', format('%s blob(s) named by the manifest were never uploaded: precheck and upload them first', jsonb_array_length(missing)),
      jsonb_build_object('missing', missing));
  end if;
  select f.path into bad from jsonb_to_recordset(files) as f (path text, sha256 text, size bigint)
    join app_private.blobs b on b.sha256 = f.sha256 where b.size <> f.size limit 1;
  if found then
    perform app_private.fail('blob_mismatch', format('The size declared for %s differs from its blob', bad.path), jsonb_build_object('path', bad.path));
  end if;

  if p_deck is null then
    insert into app.decks (workspace_id, owner_id, title, kind, interactive, metadata, current_version, created_at, updated_at)
    values (ws, app.current_user_id(), coalesce(p_manifest ->> 'title', 'Untitled deck'), coalesce(p_manifest ->> 'kind', 'presentation'),
            coalesce((p_manifest ->> 'interactive')::boolean, false), coalesce(p_manifest -> 'metadata', '{}'), 1, app.now(), app.now())
    returning * into d;
  else
    update app.decks x set current_version = d.current_version + 1, updated_at = app.now(),
      title = coalesce(p_manifest ->> 'title', x.title), kind = coalesce(p_manifest ->> 'kind', x.kind),
      interactive = coalesce((p_manifest ->> 'interactive')::boolean, x.interactive), metadata = coalesce(p_manifest -> 'metadata', x.metadata)
    where x.id = d.id returning * into d;
  end if;
  v := app_private.write_version(d.id, d.current_version, entry, files);
  return jsonb_build_object('presentation', app_private.deck_json(d), 'version', v.number,
    'attachments', case when v.attachment_count > 0 then jsonb_build_object('count', v.attachment_count, 'sizeBytes', v.attachment_bytes) end);
end;
$function$;

comment on function app.commit_deck_version(p_deck uuid, p_base integer, p_manifest jsonb) is E'@shape app.deck_push_result\nPublishing step 3: commits a manifest as a new deck (deck null) or as the next version on the expected base version.';
revoke all on function app.commit_deck_version(p_deck uuid, p_base integer, p_manifest jsonb) from public;
grant execute on function app.commit_deck_version(p_deck uuid, p_base integer, p_manifest jsonb) to public;
grant execute on function app.commit_deck_version(p_deck uuid, p_base integer, p_manifest jsonb) to podium_app;
