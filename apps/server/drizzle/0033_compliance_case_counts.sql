-- Issue 25: the screening queue's tabs show how many cases each status holds. They were counted over every
-- case on each read (an index-only scan at best, growing with the years); now compliance_case_counts keeps
-- them, moved by statement-level triggers on compliance_cases in the transaction that opens, decides or
-- deletes (a company's deletion cascades) cases. Statuses in order, so two statements lock the rows in the
-- same order. Filled here from the cases already there.
CREATE TABLE "compliance_case_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"cases" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "compliance_case_counts_status_check" CHECK ("compliance_case_counts"."status" in ('open', 'cleared', 'confirmed')),
	CONSTRAINT "compliance_case_counts_cases_check" CHECK ("compliance_case_counts"."cases" >= 0)
);
--> statement-breakpoint
-- One row per status (filled below, all three): a statement's moves are updates of those rows, one status
-- at a time in order.
CREATE FUNCTION compliance_case_counts_move() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  moved record;
BEGIN
  -- A transition table exists only for the events that have it: each event reads its own.
  IF TG_OP = 'INSERT' THEN
    FOR moved IN SELECT status, count(*) AS n FROM new_cases GROUP BY status ORDER BY status LOOP
      UPDATE compliance_case_counts SET cases = cases + moved.n WHERE status = moved.status;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR moved IN SELECT status, count(*) AS n FROM old_cases GROUP BY status ORDER BY status LOOP
      UPDATE compliance_case_counts SET cases = cases - moved.n WHERE status = moved.status;
    END LOOP;
  ELSE
    FOR moved IN
      SELECT status, sum(n) AS n FROM (
        SELECT status, count(*) AS n FROM new_cases GROUP BY status
        UNION ALL
        SELECT status, -count(*) FROM old_cases GROUP BY status
      ) changes
      GROUP BY status HAVING sum(n) <> 0 ORDER BY status
    LOOP
      UPDATE compliance_case_counts SET cases = cases + moved.n WHERE status = moved.status;
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER compliance_cases_counts_insert AFTER INSERT ON compliance_cases
  REFERENCING NEW TABLE AS new_cases
  FOR EACH STATEMENT EXECUTE FUNCTION compliance_case_counts_move();
--> statement-breakpoint
CREATE TRIGGER compliance_cases_counts_update AFTER UPDATE ON compliance_cases
  REFERENCING OLD TABLE AS old_cases NEW TABLE AS new_cases
  FOR EACH STATEMENT EXECUTE FUNCTION compliance_case_counts_move();
--> statement-breakpoint
CREATE TRIGGER compliance_cases_counts_delete AFTER DELETE ON compliance_cases
  REFERENCING OLD TABLE AS old_cases
  FOR EACH STATEMENT EXECUTE FUNCTION compliance_case_counts_move();
--> statement-breakpoint
-- Every status, with the cases already there.
INSERT INTO compliance_case_counts (status, cases)
  SELECT s.status, (SELECT count(*) FROM compliance_cases c WHERE c.status = s.status)
  FROM (VALUES ('open'), ('cleared'), ('confirmed')) AS s(status);
