-- showcase set: product (24), tagline (140), description (4000), plain text; null clears.

CREATE OR REPLACE FUNCTION app.set_team_showcase(p_team text, p_patch jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  t app.event_teams;
  k text;
  v text;
  caps constant jsonb := '{"product": 24, "tagline": 140, "description": 4000}';
begin
  perform app_private.require_scope('hackathon:write');
  t := app_private.event_team_for(p_team, true);
  for k in select jsonb_object_keys(p_patch) loop
    if (caps ? k) is not true then
      perform app_private.fail('invalid_input', format('%s is not a known field', k), jsonb_build_object('field', k));
    end if;
    if jsonb_typeof(p_patch -> k) not in ('string', 'null') then
      perform app_private.fail('invalid_input', format('%s must be text or null', k), jsonb_build_object('field', k));
    end if;
    v := replace(p_patch ->> k, E'\r\n', E'\n');
    if length(v) > (caps ->> k)::int then
      perform app_private.fail('invalid_input', format('%s must be at most %s characters', k, caps ->> k), jsonb_build_object('field', k));
    end if;
    if (k <> 'description' and v ~ '[[:cntrl:]]') or v ~ '[\x01-\x08\x0b-\x1f\x7f]' then
      perform app_private.fail('invalid_input', format('%s must be plain text%s', k, case when k = 'description' then '' else ' on one line' end),
        jsonb_build_object('field', k));
    end if;
  end loop;
  update app.event_teams x set
    product_name = case when p_patch ? 'product' then nullif(p_patch ->> 'product', '') else x.product_name end,
    tagline = case when p_patch ? 'tagline' then nullif(p_patch ->> 'tagline', '') else x.tagline end,
    description = case when p_patch ? 'description' then nullif(replace(p_patch ->> 'description', E'\r\n', E'\n'), '') else x.description end,
    updated_at = app.now()
  where x.project_id = t.project_id returning * into t;
  return jsonb_build_object('team', app_private.team_ref_json(t.project_id), 'product', t.product_name, 'tagline', t.tagline, 'description', t.description);
end;
$function$;

comment on function app.set_team_showcase(p_team text, p_patch jsonb) is E'@shape app.event_team_showcase\nshowcase set: product (24), tagline (140), description (4000), plain text; null clears.';
revoke all on function app.set_team_showcase(p_team text, p_patch jsonb) from public;
grant execute on function app.set_team_showcase(p_team text, p_patch jsonb) to public;
grant execute on function app.set_team_showcase(p_team text, p_patch jsonb) to podium_app;
