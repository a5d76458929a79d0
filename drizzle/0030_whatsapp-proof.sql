CREATE INDEX "outbox_whatsapp_code_phone_idx" ON "outbox" USING btree ("recipient_phone","queued_at") WHERE template_type = 'whatsapp_code';--> statement-breakpoint
-- Every WhatsApp number is proved with a code sent to it (docs/decisions/048). Before, the account's own phone
-- went on without one, and that phone was never proved at registration: such numbers stop until proved. A number
-- stays on only when it is not the account's own phone and a code for the account was sent to it (the outbox's
-- code rows are the record of that); every number stopped gets an opt-out consent row, source 'proof_required'.
WITH stopped AS (
  UPDATE "medical_reps" AS r SET "whatsapp_number" = NULL, "updated_at" = now()
  FROM (
    SELECT m."id", m."whatsapp_number" AS old FROM "medical_reps" AS m
    WHERE m."whatsapp_number" IS NOT NULL AND (
      m."whatsapp_number" = ltrim(canonical_phone(m."phone"), '+')
      OR NOT EXISTS (
        SELECT 1 FROM "outbox" AS o
        WHERE o."template_type" = 'whatsapp_code' AND o."status" = 'sent'
          AND o."replace_key" = 'whatsapp-code:rep:' || m."id" AND o."recipient_phone" = m."whatsapp_number"
      )
    )
  ) AS s
  WHERE r."id" = s."id"
  RETURNING r."id", s.old
)
INSERT INTO "whatsapp_consents" ("account_type", "account_id", "phone", "action", "wording", "source", "created_at")
SELECT 'rep', "id", old, 'opt_out', NULL, 'proof_required', now() FROM stopped;
--> statement-breakpoint
WITH stopped AS (
  UPDATE "clinic_users" AS c SET "whatsapp_number" = NULL, "updated_at" = now()
  FROM (
    SELECT u."id", u."whatsapp_number" AS old FROM "clinic_users" AS u
    WHERE u."whatsapp_number" IS NOT NULL AND (
      u."whatsapp_number" = ltrim(canonical_phone(u."contact_number"), '+')
      OR NOT EXISTS (
        SELECT 1 FROM "outbox" AS o
        WHERE o."template_type" = 'whatsapp_code' AND o."status" = 'sent'
          AND o."replace_key" = 'whatsapp-code:clinic:' || u."id" AND o."recipient_phone" = u."whatsapp_number"
      )
    )
  ) AS s
  WHERE c."id" = s."id"
  RETURNING c."id", s.old
)
INSERT INTO "whatsapp_consents" ("account_type", "account_id", "phone", "action", "wording", "source", "created_at")
SELECT 'clinic', "id", old, 'opt_out', NULL, 'proof_required', now() FROM stopped;
