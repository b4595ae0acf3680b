-- demo list: the workspace's passes, newest first (limit + 1 for paging).

CREATE OR REPLACE FUNCTION app_private.list_demo_passes(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform app_private.require_owner_or_admin('sees demo passes');
  return coalesce((
    select jsonb_agg(app_private.demo_pass_json(x) order by x.created_at desc, x.id desc) from (
      select d.* from app_private.demo_passes d
      where d.workspace_id = app.current_workspace_id() and (p_before_at is null or (d.created_at, d.id) < (p_before_at, p_before_id))
      order by d.created_at desc, d.id desc limit p_limit) x), '[]');
end;
$function$;

revoke all on function app_private.list_demo_passes(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) from public;
grant execute on function app_private.list_demo_passes(p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to podium_app;
