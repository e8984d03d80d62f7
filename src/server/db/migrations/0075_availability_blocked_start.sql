-- Search by free start reads the blocked time of every provider with open time on the day asked:
-- without an index of its own that read was a sequential scan of all availability (56 ms at 100k
-- services, for no rows at all). Blocked rows are few; the index holds only them, by start.
CREATE INDEX "availability_blocked_start_idx" ON "availability" USING btree ("start_at") INCLUDE ("provider_id", "end_at") WHERE "is_blocked";
