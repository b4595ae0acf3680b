-- A community vote result as JSON: version, eligibility version, when calculated and released,
-- digest prefix, rows, ties and coverage.

CREATE OR REPLACE FUNCTION app_private.vote_result_json(r app.vote_results)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('version', r.version,
    'eligibilityVersion', (select v.version from app.vote_eligibility v where v.id = r.eligibility_id),
    'calculatedAt', app_private.iso(r.calculated_at), 'released', r.released_at is not null, 'releasedAt', app_private.iso(r.released_at),
    'digest', left(r.digest, 12), 'rows', r.rows, 'ties', r.ties, 'coverage', r.coverage)
$function$;

revoke all on function app_private.vote_result_json(r app.vote_results) from public;
