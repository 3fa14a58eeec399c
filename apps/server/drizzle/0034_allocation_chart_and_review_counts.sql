-- Issue 25, the admin pages on a year of data: the dashboard's allocation chart (the 12 most allocated open
-- deals) sorted every approved open operation (a seq scan of operations, 22 ms over 30,000); a partial index in
-- its order makes it a top-12 walk. The admins' operations list counted every reviewed operation on each page
-- (6 ms over 30,000, growing); operation_review_counts keeps the count per review status, moved by row
-- triggers on an insert, a delete and a change of review_status only (every order updates its operation's
-- allocated tons: those updates fire nothing here). Filled here from the operations already there.
CREATE TABLE "operation_review_counts" (
	"review_status" text PRIMARY KEY NOT NULL,
	"operations" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "operation_review_counts_status_check" CHECK ("operation_review_counts"."review_status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "operation_review_counts_operations_check" CHECK ("operation_review_counts"."operations" >= 0)
);
--> statement-breakpoint
CREATE INDEX "operations_allocation_chart_idx" ON "operations" USING btree ("allocated_tons" DESC NULLS FIRST,"deadline","created_at" DESC NULLS FIRST) WHERE review_status = 'approved' and status in ('active', 'allocated', 'funded');
--> statement-breakpoint
CREATE FUNCTION operation_review_counts_move() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A change of status moves one operation between two rows: in status order, as every change locks them.
  IF TG_OP = 'UPDATE' AND OLD.review_status > NEW.review_status THEN
    UPDATE operation_review_counts SET operations = operations + 1 WHERE review_status = NEW.review_status;
    UPDATE operation_review_counts SET operations = operations - 1 WHERE review_status = OLD.review_status;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE operation_review_counts SET operations = operations - 1 WHERE review_status = OLD.review_status;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE operation_review_counts SET operations = operations + 1 WHERE review_status = NEW.review_status;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER operations_review_counts_insert AFTER INSERT ON operations
  FOR EACH ROW EXECUTE FUNCTION operation_review_counts_move();
--> statement-breakpoint
CREATE TRIGGER operations_review_counts_update AFTER UPDATE OF review_status ON operations
  FOR EACH ROW WHEN (OLD.review_status IS DISTINCT FROM NEW.review_status)
  EXECUTE FUNCTION operation_review_counts_move();
--> statement-breakpoint
CREATE TRIGGER operations_review_counts_delete AFTER DELETE ON operations
  FOR EACH ROW EXECUTE FUNCTION operation_review_counts_move();
--> statement-breakpoint
-- Every status, with the operations already there.
INSERT INTO operation_review_counts (review_status, operations)
  SELECT s.status, (SELECT count(*) FROM operations o WHERE o.review_status = s.status)
  FROM (VALUES ('pending'), ('approved'), ('rejected')) AS s(status);
