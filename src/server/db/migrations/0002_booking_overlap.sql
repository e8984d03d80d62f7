-- The database itself refuses two live bookings of one provider that overlap in time.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("provider_id" WITH =, tstzrange("start_at", "end_at") WITH &&)
  WHERE ("status" IN ('PENDING', 'CONFIRMED', 'PAID'));
