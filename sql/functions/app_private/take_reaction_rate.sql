-- The reaction rate: 30 changes a minute per account, decided here under a per-account
-- advisory lock held until commit, like app_private.take_post_rate; exact across replicas. A
-- refused or rolled-back change never counts.

CREATE OR REPLACE FUNCTION app_private.take_reaction_rate(p_user uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  now_ timestamptz := app.now();
  n int;
  oldest timestamptz;
  wait int;
begin
  perform pg_advisory_xact_lock(hashtextextended('podium.reaction_rate:' || p_user::text, 0));
  delete from app_private.reaction_changes r where r.user_id = p_user and r.at <= now_ - interval '60 seconds';
  select count(*)::int, min(x.at) into n, oldest from (
    select r.at from app_private.reaction_changes r
    where r.user_id = p_user and r.at > now_ - interval '60 seconds'
    order by r.at desc limit 30) x;
  if n >= 30 then
    wait := greatest(1, ceil(extract(epoch from (oldest + interval '60 seconds' - now_)))::int);
    perform app_private.fail('rate_limited', format('You may react 30 times a minute; react again in %s seconds', wait),
      jsonb_build_object('retryAfterSeconds', wait, 'limit', 30, 'windowSeconds', 60));
  end if;
  insert into app_private.reaction_changes (user_id, at) values (p_user, now_);
end;
$function$;

comment on function app_private.take_reaction_rate(p_user uuid) is 'The reaction rate (30 changes a minute per account), counted in SQL under a per-account advisory lock: exact across replicas.';
revoke all on function app_private.take_reaction_rate(p_user uuid) from public;
