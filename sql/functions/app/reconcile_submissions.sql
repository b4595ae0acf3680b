-- submissions reconcile: runs the freeze sweep now; retry-safe, the cutoff never moves.

CREATE OR REPLACE FUNCTION app.reconcile_submissions()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx;
begin
  ctx := app_private.organizer_ctx('hackathon:write');
  return app_private.freeze_sweep(ctx.event_id);
end;
$function$;

comment on function app.reconcile_submissions() is E'@shape app.submission_sweep_result\nsubmissions reconcile: runs the freeze sweep now; retry-safe, the cutoff never moves.';
revoke all on function app.reconcile_submissions() from public;
grant execute on function app.reconcile_submissions() to public;
grant execute on function app.reconcile_submissions() to podium_app;
