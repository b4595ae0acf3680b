-- requests list: help requests newest first (participants: their team's), optionally of one
-- status (open, claimed, resolved).

CREATE OR REPLACE FUNCTION app.list_help_requests(p_status text, p_limit integer, p_before_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before_id uuid DEFAULT NULL::uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ctx app_private.event_ctx := app_private.chat_read_ctx();
begin
  if p_status is not null and p_status not in ('open', 'claimed', 'resolved') then
    perform app_private.fail('invalid_input', 'status is open, claimed or resolved', jsonb_build_object('field', 'status'));
  end if;
  return coalesce((
    select jsonb_agg(app_private.help_request_json(x) order by x.created_at desc, x.id desc) from (
      select r.* from app.help_requests r
      where r.event_id = ctx.event_id
        and (ctx.role in ('organizer', 'advisor') or r.team_id = ctx.team_id)
        and (p_status is null or r.status = p_status)
        and (p_before_at is null or (r.created_at, r.id) < (p_before_at, p_before_id))
      order by r.created_at desc, r.id desc limit least(greatest(coalesce(p_limit, 30), 1), 101)) x), '[]');
end;
$function$;

comment on function app.list_help_requests(p_status text, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) is E'@shape app.help_request_card[]\nrequests list: help requests newest first (participants: their team''s), optionally of one status (open, claimed, resolved).';
revoke all on function app.list_help_requests(p_status text, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) from public;
grant execute on function app.list_help_requests(p_status text, p_limit integer, p_before_at timestamp with time zone, p_before_id uuid) to podium_app;
