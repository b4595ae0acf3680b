-- The posting rate: 10 posts per minute per account, decided here, with the post, in its
-- transaction: one account's posts take turns on an advisory lock held until commit, then
-- count their committed posts of the last 60 seconds. Exact across any number of API
-- replicas (and over GraphQL, which calls the same function); a refused or rolled-back post
-- never counts. The eleventh answers rate_limited with the seconds until the oldest of the
-- last ten leaves the window.

CREATE OR REPLACE FUNCTION app_private.take_post_rate(p_user uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  now_ timestamptz := app.now();
  n int;
  tenth timestamptz;
  wait int;
begin
  perform pg_advisory_xact_lock(hashtextextended('podium.post_rate:' || p_user::text, 0));
  select count(*)::int, min(x.created_at) into n, tenth from (
    select p.created_at from app.chat_posts p
    where p.author_id = p_user and p.created_at > now_ - interval '60 seconds'
    order by p.created_at desc limit 10) x;
  if n >= 10 then
    wait := greatest(1, ceil(extract(epoch from (tenth + interval '60 seconds' - now_)))::int);
    perform app_private.fail('rate_limited', format('You may post 10 times a minute; post again in %s seconds', wait),
      jsonb_build_object('retryAfterSeconds', wait, 'limit', 10, 'windowSeconds', 60));
  end if;
end;
$function$;

comment on function app_private.take_post_rate(p_user uuid) is 'The posting rate (10 posts a minute per account), counted in SQL under a per-account advisory lock: exact across replicas.';
revoke all on function app_private.take_post_rate(p_user uuid) from public;
