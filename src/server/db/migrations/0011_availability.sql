CREATE UNIQUE INDEX "availability_provider_slot_key" ON "availability" USING btree ("provider_id","start_at","end_at","is_blocked");--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_max_length" CHECK ("availability"."end_at" - "availability"."start_at" <= interval '25 hours');--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_recurrence_shape" CHECK (("availability"."is_recurring" and "availability"."series_id" is not null and "availability"."recurrence_type" is not null
        and cardinality("availability"."recurrence_days") between 1 and 7
        and "availability"."recurrence_days" <@ array[0, 1, 2, 3, 4, 5, 6])
      or (not "availability"."is_recurring" and "availability"."series_id" is null and "availability"."recurrence_type" is null and "availability"."recurrence_days" is null));