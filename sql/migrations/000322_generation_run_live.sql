-- Deck generation runs reach the live stream (app_private.generation_run_live): a job's status
-- change publishes its run, so `decks generate --watch` follows the stream instead of polling.
create trigger generation_jobs_run_live after update of status on app_private.generation_jobs
  for each row when (old.status is distinct from new.status)
  execute function app_private.generation_run_live();
