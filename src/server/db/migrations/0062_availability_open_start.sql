-- Search by free start ("Available on…", "massage tomorrow"; decision 062): the open availability
-- rows that touch a day anywhere on Earth, read as a range on start_at across all providers.
CREATE INDEX "availability_open_start_idx" ON "availability" USING btree ("start_at") INCLUDE ("provider_id", "end_at") WHERE NOT "is_blocked";
