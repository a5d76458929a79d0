-- The e-mail history moves into the outbox (docs/decisions/028-outbox.md): every e-mail written so far was sent or
-- failed at once, so each becomes a finished row with its time as both queued and sent time. Failed ones keep no
-- body (none was kept), so they cannot be retried.
INSERT INTO "outbox" ("channel", "template_type", "admin_user", "recipient_id", "recipient_email", "recipient_name", "subject", "status", "attempts", "error_message", "email_service", "queued_at", "next_attempt_at", "deadline_at", "sent_at")
SELECT 'email', "template_type", "admin_user", "recipient_id", "recipient_email", "recipient_name", "subject", "status", 1, "error_message", "email_service", "sent_at", "sent_at", "sent_at", CASE WHEN "status" = 'sent' THEN "sent_at" END
FROM "email_audit_log" ORDER BY "id";--> statement-breakpoint
DROP TABLE "email_audit_log" CASCADE;
--> statement-breakpoint
-- The spec's email_audit_log (part 1, 3) stays, as a view of the outbox's e-mails with their delivery state.
CREATE VIEW "email_audit_log" AS
SELECT "id", "admin_user", "recipient_id", "recipient_email", "recipient_name", "subject", "template_type", "status", "sent_at",
  "error_message", "email_service", "attempts", "queued_at", "next_attempt_at", "job_id", ("status" = 'failed' AND "body" IS NOT NULL) AS "retryable"
FROM "outbox" WHERE "channel" = 'email';
