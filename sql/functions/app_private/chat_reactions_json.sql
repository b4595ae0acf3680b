-- A post's reactions: one entry per emoji with its count, most used first.

CREATE OR REPLACE FUNCTION app_private.chat_reactions_json(p_post uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return (
  select coalesce(jsonb_agg(jsonb_build_object('emoji', x.emoji, 'count', x.n) order by x.n desc, x.emoji), '[]')
    from (select r.emoji, count(*)::int as n from app.chat_reactions r where r.post_id = p_post group by r.emoji) x
  );
end;
$function$;

comment on function app_private.chat_reactions_json(p_post uuid) is 'A post''s reactions: one entry per emoji with its count, most used first.';
revoke all on function app_private.chat_reactions_json(p_post uuid) from public;
