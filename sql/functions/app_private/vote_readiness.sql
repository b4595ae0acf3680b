-- Whether a candidate team is ready for the vote: 'ready', or its reasons (no frozen submission, no
-- vote link or one that does not open a live deck here, not confirmed) joined by commas.

CREATE OR REPLACE FUNCTION app_private.vote_readiness(p_project uuid, p_confirmed boolean)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  reasons text[] := '{}';
  sub text;
  link text;
begin
  select s.state into sub from app.submissions s where s.project_id = p_project;
  if sub is distinct from 'frozen' then
    reasons := reasons || format('no frozen submission (%s)', coalesce(sub, 'waiting'));
  end if;
  select t.vote_link into link from app.event_teams t where t.project_id = p_project;
  if link is null then
    reasons := reasons || 'no vote link'::text;
  elsif app_private.vote_link_live(link) is not true then
    reasons := reasons || 'vote link does not open a live deck of this instance'::text;
  end if;
  if p_confirmed is not true then
    reasons := reasons || 'not confirmed'::text;
  end if;
  return case when cardinality(reasons) = 0 then 'ready' else array_to_string(reasons, ', ') end;
end;
$function$;

revoke all on function app_private.vote_readiness(p_project uuid, p_confirmed boolean) from public;
