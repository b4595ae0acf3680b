-- A deck version as JSON: number, entry file, file count and size, attachments, who made it and
-- when.

CREATE OR REPLACE FUNCTION app_private.version_json(v app.deck_versions)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('version', v.number, 'entry', v.entry, 'fileCount', v.file_count, 'sizeBytes', v.total_bytes,
    'attachments', jsonb_build_object('count', v.attachment_count, 'sizeBytes', v.attachment_bytes),
    'createdBy', v.created_by, 'createdAt', v.created_at)
$function$;

revoke all on function app_private.version_json(v app.deck_versions) from public;
