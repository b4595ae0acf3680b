-- Signed deliveries recorded several to a transaction (issue 30, item 8: intake). Each
-- delivery was its own transaction, and every one publishes live (a receipt or its chat
-- activity): app_private.live_publish takes the event's advisory lock until commit and
-- NOTIFYs, which PostgreSQL serialises across the instance until commit. So one event's
-- deliveries committed one at a time, each waiting for the one before it to reach disk:
-- about 600 a second here, whatever the number of connections. The API now gathers the
-- deliveries of one event that arrive while its previous group is being recorded and
-- records them with this function, one commit for the group.
--
-- Items are recorded in order, each under its own savepoint (an exception block): an item
-- that raises is rolled back alone, answered `{"failed": true}`, and the API runs it alone
-- through record_delivery so that its caller gets the error it would have had. An item of an
-- event that does not exist answers null, as record_delivery does. Two items with the same
-- delivery id (or the same accepted push move) in one group: the second is the duplicate,
-- as it would be in two transactions. Called by the API's owner pool only (rule 13).
create function app_private.record_deliveries(p_event uuid, p_items jsonb) returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  item jsonb;
  answers jsonb := '[]'::jsonb;
begin
  if jsonb_typeof(p_items) is distinct from 'array' then
    perform app_private.fail('invalid_input', 'record_deliveries takes an array of deliveries');
  end if;
  for item in select value from jsonb_array_elements(p_items) loop
    begin
      answers := answers || jsonb_build_array(
        app_private.record_delivery(p_event, item ->> 'delivery', item ->> 'kind', item -> 'payload'));
    exception when others then
      answers := answers || jsonb_build_array(jsonb_build_object('failed', true));
    end;
  end loop;
  return answers;
end;
$$;
comment on function app_private.record_deliveries(uuid, jsonb) is
  'Records a group of signed deliveries of one event in one transaction, in order, each under its own savepoint: answers record_delivery''s answer for each, or {"failed": true} for one that raised (rolled back alone).';
revoke all on function app_private.record_deliveries(uuid, jsonb) from public;
