-- decks runs: the current generation revision and the newest 100 runs with their counts (organizer;
-- vote section on).

CREATE OR REPLACE FUNCTION app.deck_generation_runs()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.organizer_ctx('hackathon:read');
  perform app_private.require_vote_on(ctx.event_id);
  return jsonb_build_object('currentRevision', app_private.current_generation_revision(ctx.event_id),
    'items', coalesce((select jsonb_agg(app_private.generation_run_json(r) order by r.created_at desc, r.id desc)
                         from (select * from app_private.generation_runs x where x.event_id = ctx.event_id
                                order by x.created_at desc, x.id desc limit 100) r), '[]'));
end;
$function$;

comment on function app.deck_generation_runs() is E'@shape app.deck_generation_runs_page\ndecks runs: the current generation revision and the newest 100 runs with their counts (organizer; vote section on).';
revoke all on function app.deck_generation_runs() from public;
grant execute on function app.deck_generation_runs() to podium_app;
