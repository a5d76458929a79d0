-- docs/decisions/024-admin-stats-summaries.md: the admin's appointment counts (all time per clinic; per IST day of
-- booking, in 16 shards by clinic) are kept by triggers on doctor_appointments inside the writing transaction, so
-- bookings, the admin's deletes, the foreign-key cascades of a deleted clinic, rep or doctor, the nightly purge and
-- any bulk load all count without a line of their own. Statement triggers see a whole statement's rows at once
-- (a purge of thousands is one update per clinic and per day). Every writer locks the tally rows in one order,
-- clinics by id then days by (day, shard), so two writers never deadlock on them. Cancelling changes no count.
-- The IST day is the UTC instant plus 5:30 (India keeps no daylight saving), as the analytics always counted it.
CREATE FUNCTION rv_tally_appointments_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO clinic_appointment_tallies AS t (clinic_id, appointments)
    SELECT clinic_id, count(*) FROM added GROUP BY clinic_id ORDER BY clinic_id
    ON CONFLICT (clinic_id) DO UPDATE SET appointments = t.appointments + excluded.appointments;
  INSERT INTO daily_appointment_tallies AS t (booked_on, shard, appointments)
    SELECT ((booked_at AT TIME ZONE 'UTC') + interval '330 minutes')::date, clinic_id % 16, count(*) FROM added GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (booked_on, shard) DO UPDATE SET appointments = t.appointments + excluded.appointments;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rv_tally_appointments_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A cascade from clinic_users may have removed the clinic's tally row first: then there is nothing to lower.
  PERFORM 1 FROM clinic_appointment_tallies WHERE clinic_id IN (SELECT clinic_id FROM removed) ORDER BY clinic_id FOR UPDATE;
  UPDATE clinic_appointment_tallies t SET appointments = t.appointments - r.n
    FROM (SELECT clinic_id, count(*) AS n FROM removed GROUP BY clinic_id) r
    WHERE t.clinic_id = r.clinic_id;
  PERFORM 1 FROM daily_appointment_tallies
    WHERE (booked_on, shard) IN (SELECT ((booked_at AT TIME ZONE 'UTC') + interval '330 minutes')::date, clinic_id % 16 FROM removed)
    ORDER BY booked_on, shard FOR UPDATE;
  UPDATE daily_appointment_tallies t SET appointments = t.appointments - r.n
    FROM (SELECT ((booked_at AT TIME ZONE 'UTC') + interval '330 minutes')::date AS booked_on, clinic_id % 16 AS shard, count(*) AS n
          FROM removed GROUP BY 1, 2) r
    WHERE t.booked_on = r.booked_on AND t.shard = r.shard;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- No writer moves an appointment to another clinic or booking instant; should one ever, the counts follow it.
CREATE FUNCTION rv_tally_appointment_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE clinic_appointment_tallies SET appointments = appointments - 1 WHERE clinic_id = OLD.clinic_id;
  UPDATE daily_appointment_tallies SET appointments = appointments - 1
    WHERE booked_on = ((OLD.booked_at AT TIME ZONE 'UTC') + interval '330 minutes')::date AND shard = OLD.clinic_id % 16;
  INSERT INTO clinic_appointment_tallies AS t (clinic_id, appointments) VALUES (NEW.clinic_id, 1)
    ON CONFLICT (clinic_id) DO UPDATE SET appointments = t.appointments + 1;
  INSERT INTO daily_appointment_tallies AS t (booked_on, shard, appointments)
    VALUES (((NEW.booked_at AT TIME ZONE 'UTC') + interval '330 minutes')::date, NEW.clinic_id % 16, 1)
    ON CONFLICT (booked_on, shard) DO UPDATE SET appointments = t.appointments + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION rv_tally_appointments_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM clinic_appointment_tallies;
  DELETE FROM daily_appointment_tallies;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER rv_tally_added AFTER INSERT ON doctor_appointments REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION rv_tally_appointments_added();
--> statement-breakpoint
CREATE TRIGGER rv_tally_removed AFTER DELETE ON doctor_appointments REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION rv_tally_appointments_removed();
--> statement-breakpoint
CREATE TRIGGER rv_tally_moved AFTER UPDATE OF clinic_id, booked_at ON doctor_appointments
  FOR EACH ROW WHEN (OLD.clinic_id IS DISTINCT FROM NEW.clinic_id OR OLD.booked_at IS DISTINCT FROM NEW.booked_at)
  EXECUTE FUNCTION rv_tally_appointment_moved();
--> statement-breakpoint
CREATE TRIGGER rv_tally_truncated AFTER TRUNCATE ON doctor_appointments FOR EACH STATEMENT EXECUTE FUNCTION rv_tally_appointments_truncated();
--> statement-breakpoint
-- The appointments already there, counted once. The migration runs in one transaction and CREATE TRIGGER above
-- holds a lock that keeps writers out until it commits, so no booking falls between this count and the triggers.
INSERT INTO clinic_appointment_tallies (clinic_id, appointments)
  SELECT clinic_id, count(*) FROM doctor_appointments GROUP BY clinic_id;
--> statement-breakpoint
INSERT INTO daily_appointment_tallies (booked_on, shard, appointments)
  SELECT ((booked_at AT TIME ZONE 'UTC') + interval '330 minutes')::date, clinic_id % 16, count(*) FROM doctor_appointments GROUP BY 1, 2;
