/**
 * Suggestions while a shopper types (spec 2 "Search shows Suggestions and Top Searches"):
 * vocabulary words completing the last word typed (by prefix, else by pg_trgm similarity, so a
 * typo still suggests the right word), matching categories, and the most popular deals whose
 * headline words start with what was typed.
 */
import { sql } from 'drizzle-orm';
import type { Suggestion } from '@/contracts/search';
import { searchUrl } from '@/domain/search';
import type { Db } from '@/server/db';
import { queryWords } from './correct';

/** At most this many deals and categories; vocabulary completions fill the rest. */
const MAX_DEALS = 3;
const MAX_CATEGORIES = 2;

/** `like` pattern text with its wildcards escaped. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Words completing the last one typed; with earlier words, only phrases some live deal matches. */
async function completeWords(db: Db, before: string, last: string, limit: number): Promise<string[]> {
  const result = await db.execute<{ term: string }>(sql`
    with candidates as (
      (select term, 0 as kind, deals::real as score from search_terms
        where term like ${`${escapeLike(last)}%`} order by deals desc limit 12)
      union all
      (select term, 1 as kind, similarity(term, ${last}) as score from search_terms
        where term % ${last} order by similarity(term, ${last}) desc, deals desc limit 6)
    )
    select term from (
      select term, min(kind) as kind, max(score) as score from candidates group by term
    ) c
    where numnode(plainto_tsquery('english', c.term)) > 0
      and (${before} = '' or exists (
        select 1 from deals d
        where d.search_vector @@ plainto_tsquery('english', ${before} || ' ' || c.term)
          and d.status = 'live' and d.closing_date > now()
      ))
    order by c.kind, c.score desc, c.term
    limit ${limit}
  `);
  return result.rows.map((row) => row.term);
}

/** Categories whose name, or a word of it, starts with the query. */
async function matchCategories(db: Db, q: string): Promise<string[]> {
  const prefix = escapeLike(q.toLowerCase());
  const result = await db.execute<{ name: string }>(sql`
    select min(c.name) as name from categories c
    where lower(c.name) like ${`${prefix}%`} or lower(c.name) like ${`% ${prefix}%`}
    group by lower(c.name)
    order by min(c.name)
    limit ${MAX_CATEGORIES}
  `);
  return result.rows.map((row) => row.name);
}

/** The most popular live deals whose headline words start with each word typed. */
async function matchDeals(db: Db, words: string[]): Promise<Suggestion[]> {
  // Only letters and digits reach to_tsquery, so its syntax can never be broken by what was typed.
  const safe = words.map((word) => word.replace(/[^\p{L}\p{N}]/gu, '')).filter((word) => word.length > 0);
  if (safe.length === 0) return [];
  // :*A matches word prefixes in the headline only (weight A of the search document).
  const prefixQuery = safe.map((word) => `${word}:*A`).join(' & ');
  const result = await db.execute<{ id: number; headline: string }>(sql`
    select d.id, d.headline from deals d
    where d.search_vector @@ to_tsquery('english', ${prefixQuery})
      and d.status = 'live' and d.closing_date > now()
    order by d.popularity desc, d.id desc
    limit ${MAX_DEALS}
  `);
  return result.rows.map((row) => ({ text: row.headline, url: `/deal/${row.id}` }));
}

/** Up to `limit` suggestions for what has been typed so far: words first, then categories, then deals. */
export async function listSuggestions(db: Db, q: string, limit: number): Promise<Suggestion[]> {
  const words = queryWords(q);
  const last = words.at(-1);
  if (last === undefined) return [];
  const before = words.slice(0, -1).join(' ');
  const [terms, categoryNames, deals] = [
    await completeWords(db, before, last, limit),
    await matchCategories(db, words.join(' ')),
    last.length >= 2 ? await matchDeals(db, words) : [],
  ];
  const suggestions: Suggestion[] = [];
  const seen = new Set<string>();
  const add = (suggestion: Suggestion) => {
    const key = suggestion.text.toLowerCase();
    if (seen.has(key) || suggestions.length >= limit) return;
    seen.add(key);
    suggestions.push(suggestion);
  };
  const reserved = Math.min(limit, categoryNames.length + deals.length);
  for (const term of terms.slice(0, Math.max(1, limit - reserved))) {
    const text = before === '' ? term : `${before} ${term}`;
    add({ text, url: searchUrl({ q: text }) });
  }
  for (const name of categoryNames) add({ text: name, url: searchUrl({ q: name }) });
  for (const deal of deals) add(deal);
  return suggestions;
}
