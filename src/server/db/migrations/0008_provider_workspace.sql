-- Provider workspace: no table changes; one rule drizzle cannot express.
-- custom SQL (hand-written) --
-- A deleted service takes no new bookings. The provider's delete locks the service row FOR UPDATE,
-- checks for bookings still to happen and sets deleted_at; a booking inserted meanwhile waits here
-- on FOR SHARE and then sees the deleted row, so it cannot slip in between the check and the delete.
CREATE OR REPLACE FUNCTION locora_bookings_service_not_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM services WHERE id = NEW.service_id AND deleted_at IS NULL FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'service % is deleted', NEW.service_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_service_not_deleted';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bookings_service_not_deleted BEFORE INSERT OR UPDATE OF service_id ON bookings
  FOR EACH ROW EXECUTE FUNCTION locora_bookings_service_not_deleted();
