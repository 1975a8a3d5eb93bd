/**
 * Typo tolerance: a query word that matches no live deal is replaced by the most similar word of
 * the search vocabulary (`search_terms`, pg_trgm similarity), so "spaa" searches "spa" and
 * "afternon tea" searches "afternoon tea". Words that match something are left alone.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db';

/** The vocabulary keeps words of at least 3 letters (search-terms.ts), so shorter ones are never corrected. */
const MIN_CORRECTABLE_LENGTH = 3;
/** A query this long is not worth correcting word by word. */
const MAX_CORRECTED_WORDS = 8;

/** The words of a query, lower-case: letters and digits, with inner apostrophes and hyphens kept. */
export function queryWords(q: string): string[] {
  return q.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

/**
 * Whether `q` is only plain words: letters separated by spaces, none of them "or". For such a query
 * websearch_to_tsquery ANDs the words' lexemes (stop words dropped), so when it finds a live deal,
 * every word finds that deal and correctQuery would replace none of them. Search then runs the query
 * first and checks the words only when it found nothing (docs/decisions/073). Quotes, "-word" and
 * "or" make other queries, where a word that finds nothing need not empty the result.
 */
export function isPlainWords(q: string): boolean {
  return q
    .trim()
    .split(/\s+/)
    .every((word) => /^[A-Za-z]+$/.test(word) && word.toLowerCase() !== 'or');
}

/** What search runs: the words as typed, or with misspelt ones replaced. */
export interface CorrectedQuery {
  /** The text for websearch_to_tsquery: the query as typed when nothing was corrected. */
  text: string;
  /** The corrected words joined with spaces, when any word was replaced. */
  correctedQuery?: string;
}

/** Replaces each query word that matches no live deal with its nearest vocabulary word, if it has one. */
export async function correctQuery(db: Db, q: string): Promise<CorrectedQuery> {
  const words = queryWords(q);
  const candidates = words.filter((word) => /^[a-z]+$/.test(word) && word.length >= MIN_CORRECTABLE_LENGTH);
  if (candidates.length === 0 || words.length > MAX_CORRECTED_WORDS) return { text: q };

  // One round trip: a word in the vocabulary, a stop word, or one the index still finds (a plural,
  // another form of a stem) is kept; only a word that finds nothing looks for its nearest term.
  const result = await db.execute<{ word: string; nearest: string | null }>(sql`
    select w.word,
      case
        when exists (select 1 from search_terms t where t.term = w.word) then null
        when numnode(plainto_tsquery('english', w.word)) = 0 then null
        when exists (
          select 1 from deal_search_documents d
          where d.search_vector @@ plainto_tsquery('english', w.word)
            and d.status = 'live' and d.closing_date > now()
        ) then null
        else (
          select t.term from search_terms t
          where t.term % w.word
          order by similarity(t.term, w.word) desc, t.deals desc, t.term
          limit 1
        )
      end as nearest
    from unnest(array[${sql.join(
      candidates.map((word) => sql`${word}`),
      sql`, `,
    )}]::text[]) as w(word)
  `);
  const replacements = new Map<string, string>();
  for (const row of result.rows) {
    if (row.nearest !== null && row.nearest !== row.word) replacements.set(row.word, row.nearest);
  }
  if (replacements.size === 0) return { text: q };
  const corrected = words.map((word) => replacements.get(word) ?? word).join(' ');
  return { text: corrected, correctedQuery: corrected };
}
