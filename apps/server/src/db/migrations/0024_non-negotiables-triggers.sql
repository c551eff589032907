-- match_points follows each person's non-negotiables (their bits), and the search reads them
-- from the index it already scans, so the two-way filter costs no visit to the table.
CREATE TRIGGER "non_negotiables_match_points_sync" AFTER INSERT OR UPDATE OF "fact_bits", "refused_bits"
  ON "non_negotiables" FOR EACH ROW EXECUTE FUNCTION "non_negotiables_sync"();--> statement-breakpoint
UPDATE "match_points" m SET "fact_bits" = n."fact_bits", "refused_bits" = n."refused_bits"
  FROM "non_negotiables" n WHERE n."user_id" = m."user_id";--> statement-breakpoint
DROP INDEX IF EXISTS "match_points_search_idx";--> statement-breakpoint
CREATE INDEX "match_points_search_idx" ON "match_points" ("radius_band", "gender", "seeking_gender", "lat_cell", "longitude", "age", "min_age", "max_age", "latitude") INCLUDE ("x", "y", "z", "reach_chord", "user_id", "fact_bits", "refused_bits");
