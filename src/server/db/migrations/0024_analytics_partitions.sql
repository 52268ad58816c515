-- analytics_events partitioned by day (issue 25 item 4). drizzle-kit cannot declare partitioning,
-- so 0016 creates the plain table (which is empty: it was just made) and this migration rebuilds
-- it as PARTITION BY RANGE (recorded_at) with the same columns, key and index. One partition per
-- UTC day, named analytics_events_pYYYYMMDD; a DEFAULT partition keeps a row whose day has no
-- partition yet (nothing is ever refused for want of one). Old days are dropped whole with
-- DROP TABLE on their partition, which is why the table is partitioned at all.
DROP TABLE "analytics_events";
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"visitor_id" text NOT NULL,
	"session_id" text NOT NULL,
	"kind" text NOT NULL,
	"stage" text,
	"path" text NOT NULL,
	"host" text NOT NULL,
	"affiliate_id" text,
	"lang" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "analytics_events_recorded_at_id_pk" PRIMARY KEY("recorded_at","id")
) PARTITION BY RANGE ("recorded_at");
--> statement-breakpoint
CREATE INDEX "analytics_events_stage_idx" ON "analytics_events" USING btree ("stage","recorded_at");
--> statement-breakpoint
CREATE TABLE "analytics_events_default" PARTITION OF "analytics_events" DEFAULT;
--> statement-breakpoint
-- Makes the partitions of `days` UTC days from `first_day` on; existing ones are left alone.
-- Rows of such a day already kept by the DEFAULT partition (the server ran while the job did not)
-- are moved into the new partition first, since PostgreSQL refuses a partition whose range the
-- default partition already holds rows for.
CREATE OR REPLACE FUNCTION analytics_ensure_partitions(first_day date, days integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  made integer := 0;
  day date;
  name text;
  day_start timestamptz;
  day_end timestamptz;
BEGIN
  FOR i IN 0 .. days - 1 LOOP
    day := first_day + i;
    name := 'analytics_events_p' || to_char(day, 'YYYYMMDD');
    day_start := day::timestamp AT TIME ZONE 'UTC';
    day_end := (day + 1)::timestamp AT TIME ZONE 'UTC';
    IF to_regclass(name) IS NULL THEN
      EXECUTE format('CREATE TABLE %I (LIKE analytics_events INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
      EXECUTE format(
        'WITH moved AS (DELETE FROM analytics_events_default WHERE recorded_at >= %L AND recorded_at < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
        day_start, day_end, name);
      EXECUTE format('ALTER TABLE analytics_events ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, day_start, day_end);
      made := made + 1;
    END IF;
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
SELECT analytics_ensure_partitions((now() AT TIME ZONE 'UTC')::date - 1, 9);
