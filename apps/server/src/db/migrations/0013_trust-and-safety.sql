CREATE TABLE "blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"moderator_id" text,
	"subject_id" text NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reporter_id" text NOT NULL,
	"reported_id" text NOT NULL,
	"reason" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "shadow_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_id_users_id_fk" FOREIGN KEY ("reported_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_subject_idx" ON "moderation_actions" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("reported_id") WHERE "reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "reports_reporter_day_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
-- A suspended or shadow-hidden person is not searchable: match_points holds no row for them, so
-- no preliminary match can find them (as in migration 0005, plus those two conditions).
CREATE OR REPLACE FUNCTION "match_points_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM match_points WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'active' AND NEW.verified AND NEW.chat_complete
     AND NEW.pictures_uploaded AND NEW.age IS NOT NULL
     AND NEW.suspended_at IS NULL AND NEW.shadow_hidden_at IS NULL THEN
    INSERT INTO match_points (user_id, gender, seeking_gender, age, min_age, max_age, search_radius,
                              radius_band, lat_cell, latitude, longitude, x, y, z, reach_chord)
    SELECT NEW.user_id, match_gender_code(NEW.gender), match_gender_code(NEW.seeking_gender), NEW.age,
           NEW.age + coalesce(NEW.age_range_min, -5), NEW.age + coalesce(NEW.age_range_max, 5),
           NEW.search_radius,
           CASE WHEN NEW.search_radius <= 10 THEN 10 WHEN NEW.search_radius <= 25 THEN 25
                WHEN NEW.search_radius <= 50 THEN 50 WHEN NEW.search_radius <= 100 THEN 100
                WHEN NEW.search_radius <= 250 THEN 250 ELSE 500 END,
           floor(z.latitude * 10)::int, z.latitude, z.longitude,
           cos(radians(z.latitude)) * cos(radians(z.longitude)), cos(radians(z.latitude)) * sin(radians(z.longitude)),
           sin(radians(z.latitude)), match_reach_chord(NEW.search_radius)
    FROM zip_codes z WHERE z.zip = NEW.zip_code;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "profiles_match_points_sync" ON "profiles";--> statement-breakpoint
CREATE TRIGGER "profiles_match_points_sync" AFTER INSERT OR DELETE OR UPDATE OF "status", "verified", "chat_complete",
  "pictures_uploaded", "age", "age_range_min", "age_range_max", "gender", "seeking_gender", "search_radius", "zip_code",
  "suspended_at", "shadow_hidden_at"
  ON "profiles" FOR EACH ROW EXECUTE FUNCTION "match_points_sync"();--> statement-breakpoint
-- The preliminary match of migration 0005, which also never returns a person either side blocked
-- (a block outlives any match record), nor anyone while the searcher is suspended.
CREATE OR REPLACE FUNCTION "preliminary_candidates"(searcher_id text) RETURNS SETOF text
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET max_parallel_workers_per_gather = 0
AS $$
DECLARE
  me record;
  box record;
  sought smallint[];
  seeking_me smallint[];
  my_reach_sq double precision;
BEGIN
  SELECT p.gender, p.seeking_gender, p.age, p.search_radius,
         p.age + coalesce(p.age_range_min, -5) AS min_age, p.age + coalesce(p.age_range_max, 5) AS max_age,
         zc.latitude, zc.longitude,
         cos(radians(zc.latitude)) * cos(radians(zc.longitude)) AS ux,
         cos(radians(zc.latitude)) * sin(radians(zc.longitude)) AS uy,
         sin(radians(zc.latitude)) AS uz
    INTO me
    FROM profiles p JOIN zip_codes zc ON zc.zip = p.zip_code
   WHERE p.user_id = searcher_id AND p.age IS NOT NULL AND p.suspended_at IS NULL;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  sought := CASE WHEN me.seeking_gender = '' THEN ARRAY[0, 1, 2]::smallint[]
                 ELSE ARRAY[match_gender_code(me.seeking_gender)] END;
  seeking_me := CASE WHEN me.gender = '' THEN ARRAY[0]::smallint[]
                     ELSE ARRAY[match_gender_code(me.gender), 0]::smallint[] END;
  my_reach_sq := match_reach_chord(me.search_radius) ^ 2;
  FOR box IN SELECT * FROM match_search_boxes(me.latitude, me.longitude, me.search_radius) LOOP
    RETURN QUERY
      SELECT c.user_id FROM match_points c
       WHERE c.radius_band = box.band
         AND c.gender = ANY (sought) AND c.seeking_gender = ANY (seeking_me)
         AND c.lat_cell = ANY (box.lat_cells)
         AND c.longitude BETWEEN box.lon_min AND box.lon_max
         AND c.age BETWEEN me.min_age AND me.max_age AND c.min_age <= me.age AND c.max_age >= me.age
         AND c.latitude BETWEEN box.lat_min AND box.lat_max
         AND (c.x - me.ux) * (c.x - me.ux) + (c.y - me.uy) * (c.y - me.uy) + (c.z - me.uz) * (c.z - me.uz)
             <= least(my_reach_sq, c.reach_chord * c.reach_chord)
         AND c.user_id <> searcher_id
         AND c.user_id NOT IN (SELECT m.candidate_id FROM matches m WHERE m.user_id = searcher_id
                               UNION ALL SELECT m.user_id FROM matches m WHERE m.candidate_id = searcher_id)
         AND c.user_id NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = searcher_id
                               UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = searcher_id);
  END LOOP;
END
$$;
