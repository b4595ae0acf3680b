-- A ballot ranking (project ids in order) as JSON with the teams' names; null stays null.

CREATE OR REPLACE FUNCTION app_private.ranking_json(p uuid[])
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case when p is null then null else
    coalesce((select jsonb_agg(jsonb_build_object('projectId', u.x, 'name', pr.name) order by u.i)
              from unnest(p) with ordinality u(x, i) left join app.projects pr on pr.id = u.x), '[]') end
$function$;

revoke all on function app_private.ranking_json(p uuid[]) from public;
