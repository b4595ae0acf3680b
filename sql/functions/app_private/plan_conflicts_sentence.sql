-- The plan_conflicts sentence for n conflicts, in words (singular for one): the one place for both
-- raisers, app_private.start_provision and app_private.provision_work.

CREATE OR REPLACE FUNCTION app_private.plan_conflicts_sentence(p_n integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select format('The plan has %s %s; fix %s, then run again', p_n,
    case when p_n = 1 then 'conflict' else 'conflicts' end, case when p_n = 1 then 'it' else 'them' end)
$function$;

comment on function app_private.plan_conflicts_sentence(p_n integer) is 'The plan_conflicts sentence for n conflicts (singular for one).';
revoke all on function app_private.plan_conflicts_sentence(p_n integer) from public;
