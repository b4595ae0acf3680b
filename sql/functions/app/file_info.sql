-- files download: one file of the workspace you may read (a submission archive, a generated deck
-- export, a deck file): name, sha256, size; file_not_found otherwise.

CREATE OR REPLACE FUNCTION app.file_info(p_file uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  f app_private.files;
  ctx app_private.event_ctx;
  readable boolean := false;
  scope text;
  ws text := (select w.name from app.workspaces w where w.id = app.current_workspace_id());
begin
  perform app_private.require_scope('hackathon:read', 'presentations:read');
  select * into f from app_private.files x where x.id = p_file and x.workspace_id = app.current_workspace_id();
  if f.id is not null then
    if f.kind = 'submission_archive' then
      ctx := app_private.event_ctx_or_null();
      -- The artifact route's rule (app.submission_show): an organizer, or a participant of
      -- that team. A caller with no roster role (a guest, a member off the roster, a removed
      -- participant) has ctx.role NULL: the comparison is NULL and NULL refuses below.
      readable := exists (select 1 from app.event_teams t where t.project_id = f.project_id and t.event_id = ctx.event_id)
        and (ctx.role = 'organizer' or (ctx.role = 'participant' and ctx.team_id = f.project_id));
      scope := 'hackathon:read';
    else
      readable := app_private.deck_role(f.deck_id) is not null;
      scope := case f.kind when 'deck_file' then 'presentations:read' end;
    end if;
  end if;
  if readable is not true then
    perform app_private.fail('file_not_found',
      format('No file %s in workspace %s, or it is not yours to read', p_file, coalesce(ws, '(none)')),
      jsonb_build_object('fileId', p_file, 'workspaceId', app.current_workspace_id(), 'workspace', ws));
  end if;
  if scope is not null then
    perform app_private.require_scope(scope);
  end if;
  return jsonb_build_object('id', f.id, 'kind', f.kind, 'name', f.name, 'sha256', f.sha256, 'size', f.size,
    'createdAt', app_private.iso(f.created_at), 'workspaceId', f.workspace_id,
    'source', case when f.kind = 'submission_archive' then jsonb_build_object('projectId', f.project_id)
                   else jsonb_build_object('deckId', f.deck_id, 'version', f.version, 'path', f.path) end);
end;
$function$;

comment on function app.file_info(p_file uuid) is E'@shape app.workspace_file\nfiles download: one file of the workspace you may read (a submission archive, a generated deck export, a deck file): name, sha256, size; file_not_found otherwise.';
revoke all on function app.file_info(p_file uuid) from public;
grant execute on function app.file_info(p_file uuid) to podium_app;
