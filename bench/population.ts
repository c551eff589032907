import { sql } from "drizzle-orm";
import type { Database } from "../apps/server/src/db/client.ts";

// A synthetic population for the benchmarks that need a large one, written straight into the
// tables in one statement per table.

/**
 * Grows the pool to `total` people in one statement per table: 80% in 300 metro ZIPs, the rest
 * anywhere, mixed genders and ages, everyone searchable. Deterministic (setseed).
 */
export async function growTo(db: Database, from: number, total: number): Promise<void> {
  await db.execute(sql`select setseed(0.42)`);
  await db.execute(sql`
    insert into users (id, name, email, email_verified)
    select 'b' || i, 'Bench ' || i, 'bench-' || i || '@example.com', true
    from generate_series(${from}::int, ${total - 1}::int) i`);
  await db.execute(
    sql`create table if not exists bench_zips as select zip, (row_number() over (order by zip) - 1)::int as n from zip_codes`,
  );
  await db.execute(sql`create unique index if not exists bench_zips_n on bench_zips (n)`);
  await db.execute(sql`
    with zc as (select count(*)::int as c from bench_zips),
         people as (
           select i, floor(random() * 1e9)::int as r1, random() as r2, random() as r3, 18 + floor(random() * 45)::int as age
           from generate_series(${from}::int, ${total - 1}::int) i)
    insert into profiles (user_id, display_name, email, status, verified, gender, seeking_gender, search_radius,
                          zip_code, birthday, age, age_range_min, age_range_max, chat_complete, pictures_uploaded, conversation_stage)
    select 'b' || p.i, 'Bench', 'bench-' || p.i || '@example.com', 'active', true,
           case when p.r2 < 0.48 then 'man' when p.r2 < 0.96 then 'woman' else '' end,
           case when p.r2 < 0.48 then 'woman' when p.r2 < 0.92 then 'man' when p.r2 < 0.96 then 'woman' else '' end,
           (array[10, 25, 25, 50, 100, 250])[1 + (p.r1 % 6)],
           z.zip, make_date(extract(year from current_date)::int - p.age - 1, 12, 31),
           p.age, greatest(-20, least(-5, 18 - p.age)), 5 + (p.r1 % 16)::int, true, true, 'complete'
    from people p, zc
    join bench_zips z on true
    where z.n = case when p.r3 < 0.8 then (p.r1 % 300) * 131 else p.r1 % zc.c end`);
  await db.execute(sql`
    insert into narratives (user_id, about, goals, best_qualities, partner_preferences, dealbreakers, contributions, source)
    select 'b' || i,
      'I love ' || (array['hiking','reading books','music','cooking','travel','yoga'])[1 + i % 6] || ' and ' ||
        (array['gardening','dancing','camping','painting','photography'])[1 + i % 5] || '.',
      (array['I want marriage and a family.','I hope to find a lifelong partner.','I want a committed relationship.'])[1 + i % 3],
      (array['honest and kind','loyal and patient','generous and respectful'])[1 + i % 3],
      'Someone ' || (array['honest','kind','loyal','patient'])[1 + i % 4] || ' who enjoys ' ||
        (array['hiking','books','music','travel','cooking'])[1 + (i / 7) % 5] || ' and talks openly.',
      case when i % 3 = 0 then 'Smoking is a dealbreaker.' else 'Dishonesty.' end,
      'Humor and support.', 'bench'
    from generate_series(${from}::int, ${total - 1}::int) i`);
  // As autovacuum would: the visibility map lets the preliminary match read match_points' index only.
  await db.execute(sql`vacuum analyze`);
}
