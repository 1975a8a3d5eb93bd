/**
 * The SQL behind one search: every live deal the query matches (PostgreSQL full-text search over
 * each deal's search document, ranked with ts_rank: headline A, title and tags B, merchant C,
 * category and location D, several words also by how near they lie, docs/decisions/081), counted,
 * grouped by category for the facets, and one page of ids in order. It reads deal_search_documents, a narrow copy of what search needs of each deal that a
 * trigger keeps equal to deals (docs/decisions/066), not the wide deals rows.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { SearchOrder } from '@/contracts/search';
import { SHOWN_FROM_PRICE } from '@/server/catalog';
import { type Db, runsStatementsConcurrently } from '@/server/db';

/** Narrowing beyond the words; short names as in URLs, prices in pence (shown prices: decision 051). */
export interface MatchFilter {
  location?: string;
  category?: string;
  subcategory?: string;
  minPriceMinor?: number;
  maxPriceMinor?: number;
}

export interface MatchQuery extends MatchFilter {
  /** Text for websearch_to_tsquery('english', …). */
  text: string;
  orderBy: SearchOrder;
  /**
   * spec 4: the search's alternate variant (decision 058) ranks best matches by value: relevance
   * weighted by the deal's discount. It changes only the default order, never a sort the shopper chose.
   */
  ranking?: SearchRanking;
  limit: number;
  offset: number;
  withFacets: boolean;
}

export interface CategoryCount {
  shortName: string;
  name: string;
  count: number;
}

export interface Matches {
  total: number;
  ids: number[];
  categories: CategoryCount[];
}

const ORDER_BY: Record<SearchOrder, SQL> = {
  relevance: sql`m.rank desc, m.popularity desc, m.id desc`,
  popularity: sql`m.popularity desc, m.id desc`,
  pricehigh: sql`m.shown_price_minor desc, m.id desc`,
  pricelow: sql`m.shown_price_minor asc, m.id asc`,
  discount: sql`m.max_discount_percentage desc, m.id desc`,
  recent: sql`m.created_at desc, m.id desc`,
};

/** The search experiment's variants (src/domain/experiments.ts). */
export type SearchRanking = 'default' | 'alternate';

/** Best value first: a 50% discount counts a match half as relevant again. */
const ALTERNATE_RELEVANCE = sql`m.rank * (1 + m.max_discount_percentage / 100.0) desc, m.popularity desc, m.id desc`;

function orderSql(query: Pick<MatchQuery, 'orderBy' | 'ranking'>): SQL {
  return query.orderBy === 'relevance' && query.ranking === 'alternate' ? ALTERNATE_RELEVANCE : ORDER_BY[query.orderBy];
}

function filterSql(filter: MatchFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.location !== undefined) {
    conditions.push(sql`d.location_id = (select l.id from locations l where l.short_name = ${filter.location})`);
  }
  if (filter.category !== undefined) {
    conditions.push(
      sql`d.category_id = (select c.id from categories c where c.short_name = ${filter.category} and c.parent_id is null)`,
    );
  }
  if (filter.subcategory !== undefined) {
    conditions.push(sql`d.sub_category_id in (select c.id from categories c where c.short_name = ${filter.subcategory}
      and c.parent_id is not null ${filter.category === undefined ? sql`` : sql`and c.parent_id = d.category_id`})`);
  }
  if (filter.minPriceMinor !== undefined) conditions.push(sql`${SHOWN_FROM_PRICE} >= ${filter.minPriceMinor}`);
  if (filter.maxPriceMinor !== undefined) conditions.push(sql`${SHOWN_FROM_PRICE} <= ${filter.maxPriceMinor}`);
  return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
}

/** Drivers hand json columns back parsed (pg) or, in some setups, as text. */
function fromJson<T>(value: unknown, fallback: T): T {
  if (typeof value === 'string') return JSON.parse(value) as T;
  return (value ?? fallback) as T;
}

/**
 * The CTE's columns: the id, the category (facets) and what the order reads, no more. The rank is
 * computed only when the order uses it, and each column is carried through the CTE only when needed.
 */
function matchedColumns(query: Pick<MatchQuery, 'orderBy' | 'ranking'>): SQL {
  const columns: SQL[] = [sql`d.deal_id as id`, sql`d.category_id`];
  const relevance = query.orderBy === 'relevance';
  // ts_rank, not ts_rank_cd: the same weights and nearness of the words at a fifth of the cost (docs/decisions/081).
  if (relevance) columns.push(sql`ts_rank(d.search_vector, q.query) as rank`);
  if (relevance || query.orderBy === 'popularity') columns.push(sql`d.popularity`);
  if (query.orderBy === 'pricehigh' || query.orderBy === 'pricelow') {
    columns.push(sql`${SHOWN_FROM_PRICE} as shown_price_minor`);
  }
  if (query.orderBy === 'discount' || (relevance && query.ranking === 'alternate')) {
    columns.push(sql`d.max_discount_percentage`);
  }
  if (query.orderBy === 'recent') columns.push(sql`d.created_at`);
  return sql.join(columns, sql`, `);
}

/** From and where of every live deal the words and filters match: alias d, with q.query the tsquery. */
function matchedFrom(query: MatchQuery): SQL {
  // deal_search_documents has the deals columns filterSql and SHOWN_FROM_PRICE read, under the same names.
  return sql`from deal_search_documents d, websearch_to_tsquery('english', ${query.text}) as q(query)
      where d.search_vector @@ q.query
        and d.status = 'live' and d.closing_date > now()
        and ${filterSql(query)}`;
}

/** Facets: the matched deals by category, largest first, as JSON (spec 3 Navigation items). */
const FACETS_JSON = sql`coalesce(json_agg(json_build_object('shortName', c.short_name, 'name', c.name, 'count', f.n)
          order by f.n desc, c.name), '[]'::json)`;

/** Count, facets and one page of ids in a single statement: for an engine that runs one statement at a time. */
async function selectAllAtOnce(db: Db, query: MatchQuery): Promise<Matches> {
  const facets = query.withFacets
    ? sql`(select ${FACETS_JSON}
        from (select m.category_id, count(*)::int as n from matched m group by m.category_id) f
        join categories c on c.id = f.category_id)`
    : sql`'[]'::json`;
  const result = await db.execute<{ total: number; ids: unknown; categories: unknown }>(sql`
    with matched as materialized (
      select ${matchedColumns(query)}
      ${matchedFrom(query)}
    )
    select
      (select count(*)::int from matched) as total,
      array(
        select m.id from matched m order by ${orderSql(query)} limit ${query.limit} offset ${query.offset}
      ) as ids,
      ${facets} as categories
  `);
  const row = result.rows[0];
  return {
    total: Number(row?.total ?? 0),
    ids: (Array.isArray(row?.ids) ? row.ids : []).map(Number),
    categories: fromJson<CategoryCount[]>(row?.categories, []),
  };
}

/** One page of ids in order (ranking every match when the order is by relevance). */
async function selectPage(db: Db, query: MatchQuery): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select m.id from (select ${matchedColumns(query)} ${matchedFrom(query)}) m
    order by ${orderSql(query)} limit ${query.limit} offset ${query.offset}
  `);
  return result.rows.map((row) => Number(row.id));
}

/** The count and the facets, which need no rank. Every deal has a category, so the facets add up to the count. */
async function selectCounts(db: Db, query: MatchQuery): Promise<Omit<Matches, 'ids'>> {
  const result = await db.execute<{ total: number; categories: unknown }>(
    query.withFacets
      ? sql`
        select coalesce(sum(f.n), 0)::int as total, ${FACETS_JSON} as categories
        from (select d.category_id, count(*)::int as n ${matchedFrom(query)} group by d.category_id) f
        join categories c on c.id = f.category_id`
      : sql`select count(*)::int as total, '[]'::json as categories ${matchedFrom(query)}`,
  );
  const row = result.rows[0];
  return { total: Number(row?.total ?? 0), categories: fromJson<CategoryCount[]>(row?.categories, []) };
}

/** What one search asks for, each part a promise so a caller can start on the page before the counts are in. */
export interface MatchParts {
  ids: Promise<number[]>;
  counts: Promise<Omit<Matches, 'ids'>>;
}

/**
 * Count, facets and one page of ids. On a PostgreSQL server the page (which ranks every match) and
 * the counts (which need no rank) are two statements running at once on two pooled connections, so
 * a search takes about as long as its ranking, not ranking plus counting (docs/decisions/066). On
 * PGlite, which runs one statement at a time, one statement does both with a single scan.
 */
export function selectMatches(db: Db, query: MatchQuery): MatchParts {
  if (runsStatementsConcurrently(db)) return { ids: selectPage(db, query), counts: selectCounts(db, query) };
  const all = selectAllAtOnce(db, query);
  return { ids: all.then((matches) => matches.ids), counts: all };
}
