-- Trigger after a deck version is inserted: enqueues deck__thumbnail for it, keyed by deck and
-- version so it runs once.

CREATE OR REPLACE FUNCTION app_private.enqueue_thumbnail()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform graphile_worker.add_job('deck__thumbnail', json_build_object('deckId', new.deck_id, 'version', new.number),
    job_key => format('thumbnail:%s:%s', new.deck_id, new.number));
  return null;
end;
$function$;

revoke all on function app_private.enqueue_thumbnail() from public;
