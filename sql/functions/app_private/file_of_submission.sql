-- A frozen archive (sweep capture or exception) becomes a file of the project's workspace.

CREATE OR REPLACE FUNCTION app_private.file_of_submission()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.archive_sha256 is not null and new.archive_size is not null then
    insert into app_private.files (workspace_id, kind, name, sha256, size, project_id)
    select p.workspace_id, 'submission_archive', 'submission-' || left(new.sha, 12) || '.tar.gz', new.archive_sha256, new.archive_size, p.id
      from app.projects p where p.id = new.project_id
    on conflict (project_id, sha256) where kind = 'submission_archive' do nothing;
  end if;
  return null;
end;
$function$;

revoke all on function app_private.file_of_submission() from public;
