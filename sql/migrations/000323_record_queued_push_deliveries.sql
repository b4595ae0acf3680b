-- Local pushes are recorded in process now (core/codehost/local-push.ts), and a push the API
-- could not record is queued as codehost__record_push. A `codehost__deliver_push` job queued
-- before (a signed HTTP delivery to this instance's own webhook route) has no task any more:
-- it is recorded here by the intake's own function under its own delivery id (a delivery
-- recorded already answers its first receipt: nothing twice), and removed.
do $$
declare
  j record;
begin
  if to_regclass('graphile_worker._private_jobs') is null then
    return;
  end if;
  for j in execute $q$
      select x.id, x.payload from graphile_worker._private_jobs x
        join graphile_worker._private_tasks t on t.id = x.task_id
       where t.identifier = 'codehost__deliver_push' order by x.id$q$ loop
    if j.payload ->> 'eventId' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
       and j.payload ->> 'deliveryId' is not null and jsonb_typeof(j.payload::jsonb -> 'payload') = 'object' then
      perform app_private.record_delivery((j.payload ->> 'eventId')::uuid, j.payload ->> 'deliveryId',
        coalesce(j.payload ->> 'kind', 'push'), j.payload::jsonb -> 'payload');
    end if;
    execute 'delete from graphile_worker._private_jobs where id = $1' using j.id;
  end loop;
end;
$$;
