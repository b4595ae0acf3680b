-- The canonical serialisation of an eligibility version and its submitted ballots, the input of the
-- results digest: sorted ranking lines. The lines are sorted as flat copies (`|| ''`): sorting the
-- stored values keeps their TOAST pointers and detoasts both sides of every comparison; work_mem
-- holds 2,000 ballots of 199 candidates (~15 MB) in memory.

CREATE OR REPLACE FUNCTION app_private.vote_canonical(p_version integer, p_eligibility uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET work_mem TO '64MB'
 SET jit TO 'off'
AS $function$
  select 'podium-vote-v1' || E'\n' || 'eligibility ' || p_version || E'\n'
    || coalesce((select string_agg(q.l, E'\n' order by q.l collate "C") || E'\n'
                 from (select b.ranking_line || '' as l from app.vote_ballots b
                       where b.eligibility_id = p_eligibility and b.state = 'submitted') q), '')
$function$;

revoke all on function app_private.vote_canonical(p_version integer, p_eligibility uuid) from public;
