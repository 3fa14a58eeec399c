-- Issue 25: the KYC queue sorted every company waiting for a reviewer by a time computed from its documents
-- (two subqueries per company, then a sort: 10 ms for 1,000 waiting on a year of data, growing with them).
-- kyc_review_waits keeps that time for the companies whose KYC is pending, maintained by row triggers on
-- user_documents (an upload, a review, a deletion) and on profiles (a change of kyc_status) in the writing
-- transaction; the queue walks its partial index in order. Approved companies due for renewal wait too, but
-- that depends on today's date: the queue reads those few live (profiles_kyc_expires_idx). The company's row
-- here is locked before its time is computed, so two changes of one company compute it one after the other,
-- each seeing the other's committed change; it is always locked last (after the document or the profile),
-- so it adds no lock cycle. Filled here from the documents already there.
CREATE TABLE "kyc_review_waits" (
	"user_id" text PRIMARY KEY NOT NULL,
	"waiting_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "kyc_review_waits" ADD CONSTRAINT "kyc_review_waits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_review_waits_queue_idx" ON "kyc_review_waits" USING btree ("waiting_since","user_id") WHERE waiting_since is not null;
--> statement-breakpoint
-- A pending company's documents (KYC_DOCUMENT_TYPE_LIST in packages/shared: five): the oldest upload not
-- reviewed yet, else the last review once all five are verified (waiting for the approval); null when
-- nothing waits for a reviewer or the company's KYC is not pending.
CREATE FUNCTION kyc_review_waiting_since(company text) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN (SELECT kyc_status FROM profiles WHERE id = company) = 'pending' THEN coalesce(
    (SELECT min(uploaded_at) FROM user_documents WHERE user_id = company AND status = 'uploaded'),
    (SELECT max(reviewed_at) FROM user_documents WHERE user_id = company
      HAVING count(*) FILTER (WHERE status = 'verified') = 5)) END
$$;
--> statement-breakpoint
CREATE FUNCTION kyc_review_waits_follow() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  company text;
BEGIN
  IF TG_TABLE_NAME = 'profiles' THEN
    company := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    company := OLD.user_id;
  ELSE
    company := NEW.user_id;
  END IF;
  -- A deleted document's company may be going too (the user's deletion cascades): no new row for it.
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO kyc_review_waits (user_id) VALUES (company) ON CONFLICT (user_id) DO NOTHING;
  END IF;
  PERFORM 1 FROM kyc_review_waits WHERE user_id = company FOR UPDATE;
  UPDATE kyc_review_waits SET waiting_since = kyc_review_waiting_since(company)
    WHERE user_id = company AND waiting_since IS DISTINCT FROM kyc_review_waiting_since(company);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_documents_kyc_review_waits AFTER INSERT OR UPDATE OR DELETE ON user_documents
  FOR EACH ROW EXECUTE FUNCTION kyc_review_waits_follow();
--> statement-breakpoint
CREATE TRIGGER profiles_kyc_review_waits AFTER UPDATE OF kyc_status ON profiles
  FOR EACH ROW WHEN (OLD.kyc_status IS DISTINCT FROM NEW.kyc_status)
  EXECUTE FUNCTION kyc_review_waits_follow();
--> statement-breakpoint
-- The documents already there.
INSERT INTO kyc_review_waits (user_id, waiting_since)
  SELECT user_id, kyc_review_waiting_since(user_id) FROM (SELECT DISTINCT user_id FROM user_documents) companies;
