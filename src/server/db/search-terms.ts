/**
 * The search vocabulary: every distinct word (unstemmed, lower-case) of what search matches,
 * with how many deals use it. Search corrects a misspelt word to its nearest term here
 * (pg_trgm similarity), so it must be refreshed after the catalogue changes in bulk.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** Words shorter than this are never corrected, so they are not kept. */
const MIN_TERM_LENGTH = 3;

/** Rebuilds search_terms from live deals in one transaction; returns how many terms it holds. */
export async function refreshSearchTerms(db: Db): Promise<number> {
  const document = `
    select to_tsvector('simple',
      d.headline || ' ' || d.title || ' ' || m.name || ' ' || c.name || ' ' || coalesce(sc.name, '') || ' ' ||
      l.name || ' ' || coalesce((select string_agg(tag, ' ') from jsonb_array_elements_text(d.tags) as tag), ''))
    from deals d
    join merchants m on m.id = d.merchant_id
    join categories c on c.id = d.category_id
    left join categories sc on sc.id = d.sub_category_id
    join locations l on l.id = d.location_id
    where d.status = 'live'`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_terms`);
    await tx.execute(sql`
      insert into search_terms (term, deals)
      select word, ndoc from ts_stat(${document})
      where length(word) >= ${MIN_TERM_LENGTH} and word ~ '^[a-z][a-z''-]*$'`);
    const [row] = (await tx.execute(sql`select count(*)::int as terms from search_terms`)).rows as { terms: number }[];
    return row?.terms ?? 0;
  });
}
