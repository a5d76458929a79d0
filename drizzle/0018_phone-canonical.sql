-- Phone numbers in one canonical form (docs/decisions/032-refunds-phones-horizon-ics.md), so that uniqueness compares
-- numbers, not strings. canonical_phone is the rule of canonicalPhone in src/shared/schemas/phone.ts (a test holds
-- the two to the same answers) and stays, so that `WHERE phone <> canonical_phone(phone)` lists what this left alone.
CREATE OR REPLACE FUNCTION canonical_phone(raw text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN compact !~ '^\+?[0-9]+$' THEN trimmed
    WHEN compact LIKE '+%' AND digits ~ '^910[0-9]{10}$' THEN '+91' || substr(digits, 4)
    WHEN compact LIKE '+%' THEN '+' || digits
    WHEN digits ~ '^00910[0-9]{10}$' THEN '+91' || substr(digits, 6)
    WHEN digits ~ '^00[0-9]{3,}$' THEN '+' || substr(digits, 3)
    WHEN digits ~ '^[1-9][0-9]{9}$' THEN '+91' || digits
    WHEN digits ~ '^0[1-9][0-9]{9}$' THEN '+91' || substr(digits, 2)
    WHEN digits ~ '^91[1-9][0-9]{9}$' THEN '+' || digits
    ELSE digits
  END
  FROM (
    SELECT trimmed, compact, replace(compact, '+', '') AS digits
    FROM (
      SELECT trimmed, regexp_replace(trimmed, '[[:space:]().-]', '', 'g') AS compact
      FROM (SELECT regexp_replace(raw, '^[[:space:]]+|[[:space:]]+$', '', 'g') AS trimmed) AS t
    ) AS c
  ) AS d
$$;
--> statement-breakpoint
-- Two accounts whose numbers become one: reported (a WARNING in the database's log per number), never a failure.
-- The verified, then older, account gets the canonical number; the other keeps what it had, and one that already
-- held the canonical form is marked "(duplicate of ...)" so the unique index holds. Cross-kind duplicates (a rep and
-- a clinic) are only reported: no index joins the two tables.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT canonical_phone(phone) AS number, string_agg(id::text, ', ' ORDER BY email_verified DESC, created_at, id) AS ids
    FROM medical_reps GROUP BY 1 HAVING count(*) > 1
  LOOP
    RAISE WARNING 'phone %: held by reps % (the first keeps it)', r.number, r.ids;
  END LOOP;
  FOR r IN
    SELECT canonical_phone(contact_number) AS number, string_agg(id::text, ', ' ORDER BY email_verified DESC, created_at, id) AS ids
    FROM clinic_users GROUP BY 1 HAVING count(*) > 1
  LOOP
    RAISE WARNING 'phone %: held by clinics % (the first keeps it)', r.number, r.ids;
  END LOOP;
  FOR r IN
    SELECT canonical_phone(m.phone) AS number, m.id AS rep_id, c.id AS clinic_id
    FROM medical_reps m JOIN clinic_users c ON canonical_phone(c.contact_number) = canonical_phone(m.phone)
  LOOP
    RAISE WARNING 'phone %: held by rep % and clinic %', r.number, r.rep_id, r.clinic_id;
  END LOOP;
END
$$;
--> statement-breakpoint
UPDATE "medical_reps" AS m SET "phone" = m."phone" || ' (duplicate of rep ' || k.keeper || ')'
FROM (
  SELECT id, canonical_phone(phone) AS number, first_value(id) OVER w AS keeper, row_number() OVER w AS rank
  FROM medical_reps WINDOW w AS (PARTITION BY canonical_phone(phone) ORDER BY email_verified DESC, created_at, id)
) AS k
WHERE m.id = k.id AND k.rank > 1 AND m."phone" = k.number;
--> statement-breakpoint
UPDATE "medical_reps" AS m SET "phone" = k.number
FROM (
  SELECT id, canonical_phone(phone) AS number, row_number() OVER w AS rank
  FROM medical_reps WINDOW w AS (PARTITION BY canonical_phone(phone) ORDER BY email_verified DESC, created_at, id)
) AS k
WHERE m.id = k.id AND k.rank = 1 AND m."phone" <> k.number;
--> statement-breakpoint
UPDATE "clinic_users" AS c SET "contact_number" = c."contact_number" || ' (duplicate of clinic ' || k.keeper || ')'
FROM (
  SELECT id, canonical_phone(contact_number) AS number, first_value(id) OVER w AS keeper, row_number() OVER w AS rank
  FROM clinic_users WINDOW w AS (PARTITION BY canonical_phone(contact_number) ORDER BY email_verified DESC, created_at, id)
) AS k
WHERE c.id = k.id AND k.rank > 1 AND c."contact_number" = k.number;
--> statement-breakpoint
UPDATE "clinic_users" AS c SET "contact_number" = k.number
FROM (
  SELECT id, canonical_phone(contact_number) AS number, row_number() OVER w AS rank
  FROM clinic_users WINDOW w AS (PARTITION BY canonical_phone(contact_number) ORDER BY email_verified DESC, created_at, id)
) AS k
WHERE c.id = k.id AND k.rank = 1 AND c."contact_number" <> k.number;
--> statement-breakpoint
-- Pending registrations and pending phone changes have no unique index: all become canonical.
UPDATE "pending_medical_reps" SET "phone" = canonical_phone("phone") WHERE "phone" <> canonical_phone("phone");
--> statement-breakpoint
UPDATE "pending_clinic_users" SET "contact_number" = canonical_phone("contact_number") WHERE "contact_number" <> canonical_phone("contact_number");
--> statement-breakpoint
UPDATE "profile_update_codes" SET "new_value" = canonical_phone("new_value")
WHERE "update_type" = 'phone' AND "new_value" IS NOT NULL AND "new_value" <> canonical_phone("new_value");
