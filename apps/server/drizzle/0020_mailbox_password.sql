-- Admin rights through an admin list need a password set through the mailbox (issue 23, item 12).
-- user.password_set_via_mailbox_at: when a mailed reset link set the account's password (null for every
-- existing account: an account that is an admin only through ADMIN_EMAILS or the stored list resets its
-- password once before the back office opens again; profile.is_admin accounts, the demo admin among them,
-- are unchanged). session.mailbox_password_set_at: the account's value when the session was opened.
-- verification_value_idx: an account's reset tokens and pending sign-ins are found by its user id.
ALTER TABLE "session" ADD COLUMN "mailbox_password_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "password_set_via_mailbox_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "verification_value_idx" ON "verification" USING btree ("value");