-- Records a group of signed deliveries of one event in one transaction, in order, each under its
-- own savepoint: answers record_delivery's answer for each, or {"failed": true} for one that
-- raised (rolled back alone).

CREATE OR REPLACE FUNCTION app_private.record_deliveries(p_event uuid, p_items jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  item jsonb;
  answers jsonb := '[]'::jsonb;
begin
  if jsonb_typeof(p_items) is distinct from 'array' then
    perform app_private.fail('invalid_input', 'record_deliveries takes an array of deliveries');
  end if;
  -- The group's live changes are published after its last delivery.
  perform set_config('podium.live_defer', 'on', true);
  for item in select value from jsonb_array_elements(p_items) loop
    begin
      answers := answers || jsonb_build_array(
        app_private.record_delivery(p_event, item ->> 'delivery', item ->> 'kind', item -> 'payload'));
    exception when others then
      answers := answers || jsonb_build_array(jsonb_build_object('failed', true));
    end;
  end loop;
  perform app_private.live_publish_deferred();
  return answers;
end;
$function$;

comment on function app_private.record_deliveries(p_event uuid, p_items jsonb) is 'Records a group of signed deliveries of one event in one transaction, in order, each under its own savepoint: answers record_delivery''s answer for each, or {"failed": true} for one that raised (rolled back alone).';
revoke all on function app_private.record_deliveries(p_event uuid, p_items jsonb) from public;
