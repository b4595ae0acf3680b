-- Every webhook receipt is published live as `receipt.recorded`, accepted ones of a team too:
-- the organizers' dashboard reads receipts from that kind alone, and the team chat's activity
-- item (submission_receipts_activity) stays a separate consumer of the same receipt.
drop trigger submission_receipts_live on app.submission_receipts;
create trigger submission_receipts_live after insert on app.submission_receipts
  for each row execute function app_private.receipt_live();
