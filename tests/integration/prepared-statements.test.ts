/**
 * Statements kept prepared on the hot paths (docs/decisions/075 for a PostgreSQL server, 082 for
 * PGlite): inside `withPreparedStatements` a statement answers exactly as it does outside, whatever
 * its values, and one the engine will not prepare still answers without spoiling the transaction it
 * runs in.
 */
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from '../../src/server/db/client';
import { builtOnce, fixedStatement, openDatabase, UNNAMED, withPreparedStatements } from '../../src/server/db/client';
import { embedded, enginesWhereSqlDiffers } from './databases';

describe.each(enginesWhereSqlDiffers)('statements kept prepared on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await engine.open();
    await database.db.execute(
      sql`create table prepared_probe (id int primary key, label text not null, at timestamptz, flag boolean)`,
    );
  });

  afterAll(async () => {
    await database?.db.execute(sql`drop table if exists prepared_probe`);
    await database?.close();
  });

  const preparedLike = async (pattern: string) =>
    (await database.db.execute(sql`select name from pg_prepared_statements where statement like ${pattern}`)).rows
      .length;

  const read = (label: string, id: number, at: Date, flag: boolean | null) =>
    database.db.execute<{ label: string; id: number; at: string; flag: boolean | null; doubled: number }>(
      sql`select ${label}::text as label, ${id}::int as id, ${at.toISOString()}::timestamptz as at,
        ${flag}::boolean as flag, ${id} * 2 as doubled`,
    );

  it('answers the same inside as outside, for quotes, backslashes, unicode, numbers, dates, booleans and nulls', async () => {
    const values: [string, number, Date, boolean | null][] = [
      ["O'Brien's \\ café – ‘quoted’", 7, new Date('2026-11-30T09:15:00.000Z'), true],
      ["'; drop table prepared_probe; --", -3, new Date('2026-01-01T00:00:00.000Z'), false],
      ['', 0, new Date('2026-06-15T12:00:00.123Z'), null],
    ];
    // Each text is sent at least three times inside, so it is prepared (after two sightings) and then run prepared.
    for (let round = 0; round < 3; round++) {
      for (const [label, id, at, flag] of values) {
        const outside = await read(label, id, at, flag);
        const inside = await withPreparedStatements(async () => await read(label, id, at, flag));
        expect(inside.rows).toEqual(outside.rows);
        expect(inside.rows[0]?.label).toBe(label);
      }
    }
    const [row] = (await withPreparedStatements(async () => await read("it's", 21, new Date(0), true))).rows;
    expect(Number(row?.doubled)).toBe(42);
    // PGlite shows its session's prepared statements: these values went through EXECUTE as literals.
    if (engine.name === 'pglite') expect(await preparedLike('%::boolean as flag%')).toBe(1);
  });

  it('passes lists to parameters cast to arrays: quotes, backslashes, commas, braces, nulls and empty lists', async () => {
    const lists = fixedStatement<{ n: number | null; joined: string | null; total: number | null }>(sql`
      select array_length(${sql.placeholder('words')}::text[], 1) as n,
        array_to_string(${sql.placeholder('words')}::text[], '|', '(null)') as joined,
        (select sum(x)::int from unnest(${sql.placeholder('ids')}::int[]) as x) as total`);
    const cases: { words: (string | null)[]; ids: number[] }[] = [
      { words: ['a "quoted" word', 'back\\slash', "it's", 'comma, {brace}', null, 'NULL', ''], ids: [1, -2, 300] },
      { words: [], ids: [] },
      { words: ['café – ‘x’'], ids: [7] },
    ];
    for (let round = 0; round < 3; round++) {
      for (const values of cases) {
        const outside = await lists(database.db, values);
        const inside = await withPreparedStatements(async () => await lists(database.db, values));
        expect(inside).toEqual(outside);
      }
    }
    const [first] = await withPreparedStatements(
      async () => await lists(database.db, cases[0] ?? { words: [], ids: [] }),
    );
    expect(first?.joined).toBe('a "quoted" word|back\\slash|it\'s|comma, {brace}|(null)|NULL|');
    expect(Number(first?.total)).toBe(299);
    if (engine.name === 'pglite') expect(await preparedLike('%array_to_string%')).toBe(1);
  });

  it('writes and reads through the same statements in a transaction, and leaves its rows as written', async () => {
    for (let id = 1; id <= 4; id++) {
      await withPreparedStatements(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into prepared_probe (id, label, at, flag) values (${id}, ${`row ${id}'s`}, ${new Date(Date.UTC(2026, 10, id)).toISOString()}, ${id % 2 === 0})`,
          );
          await tx.execute(sql`update prepared_probe set label = label || ${'!'} where id = ${id}`);
        }),
      );
    }
    const rows = await database.db.execute<{ id: number; label: string; flag: boolean }>(
      sql`select id, label, flag from prepared_probe order by id`,
    );
    // On PGlite the insert was prepared inside a transaction (under a savepoint) and run prepared.
    if (engine.name === 'pglite') expect(await preparedLike('%insert into prepared_probe%')).toBe(1);
    expect(rows.rows.map((row) => [Number(row.id), row.label, row.flag])).toEqual([
      [1, "row 1's!", false],
      [2, "row 2's!", true],
      [3, "row 3's!", false],
      [4, "row 4's!", true],
    ]);
  });

  // One query built once for the whole file, as the shop keeps its own (docs/decisions/078, 087).
  const probe = pgTable('prepared_probe', { id: integer('id').primaryKey(), label: text('label').notNull() });
  let builds = 0;
  const labelOf = builtOnce((db: DbOrTx) => {
    builds += 1;
    return db
      .select({ label: probe.label })
      .from(probe)
      .where(eq(probe.id, sql.placeholder('id')))
      .prepare(UNNAMED);
  });

  it('runs a query built once inside each transaction that asks for it, seeing what that transaction wrote (docs/decisions/087)', async () => {
    for (let id = 20; id < 23; id++) {
      const seen = await withPreparedStatements(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into prepared_probe (id, label) values (${id}, ${`kept ${id}`})`);
          return labelOf(tx).execute({ id });
        }),
      );
      // The row is not committed yet when it is read: only the transaction's own connection sees it.
      expect(seen).toEqual([{ label: `kept ${id}` }]);
    }
    const undone = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into prepared_probe (id, label) values (30, 'undone')`);
      expect(await labelOf(tx).execute({ id: 30 })).toEqual([{ label: 'undone' }]);
      tx.rollback();
    });
    await expect(undone).rejects.toThrow();
    expect(await labelOf(database.db).execute({ id: 30 })).toEqual([]);
    expect(await labelOf(database.db).execute({ id: 21 })).toEqual([{ label: 'kept 21' }]);
    // Four transactions and the handle itself: the query's text was built once.
    expect(builds).toBe(1);
  });

  it('keeps a query built once apart for each database handle: its rows, its driver and its statement log', async () => {
    const logged: string[] = [];
    const other = await openDatabase({ dataDir: 'memory', url: '', onQuery: (query) => logged.push(query) });
    try {
      await other.db.execute(sql`create table prepared_probe (id int primary key, label text not null)`);
      await other.db.execute(sql`insert into prepared_probe (id, label) values (21, 'elsewhere')`);
      expect(await labelOf(database.db).execute({ id: 21 })).toEqual([{ label: 'kept 21' }]);
      expect(await labelOf(other.db).execute({ id: 21 })).toEqual([{ label: 'elsewhere' }]);
      const inside = await other.db.transaction((tx) => labelOf(tx).execute({ id: 21 }));
      expect(inside).toEqual([{ label: 'elsewhere' }]);
      // The other handle's statement log saw both of its reads, and none of this file's handle.
      expect(logged.filter((query) => query.startsWith('select "label" from "prepared_probe"'))).toHaveLength(2);
    } finally {
      await other.close();
    }
  });

  it('answers a statement the engine will not prepare, inside a transaction that still commits', async () => {
    // `select $1` gives PostgreSQL no type for its parameter: PREPARE refuses it, the driver's unnamed
    // statement takes it as text.
    for (let round = 0; round < 3; round++) {
      const id = 10 + round;
      const answer = await withPreparedStatements(() =>
        database.db.transaction(async (tx) => {
          const untyped = await tx.execute<{ value: string }>(sql`select ${`untyped ${round}`} as value`);
          await tx.execute(sql`insert into prepared_probe (id, label) values (${id}, ${'after'})`);
          return untyped.rows[0]?.value;
        }),
      );
      expect(answer).toBe(`untyped ${round}`);
    }
    const kept = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from prepared_probe where id between 10 and 12`,
    );
    expect(Number(kept.rows[0]?.n)).toBe(3);
  });
});

describe.each(embedded)('SQL-prepared statements on $name (docs/decisions/082)', (engine) => {
  let database: Database;

  const preparedLike = async (pattern: string) =>
    (await database.db.execute(sql`select name from pg_prepared_statements where statement like ${pattern}`)).rows
      .length;

  beforeAll(async () => {
    database = await engine.open();
    await database.db.execute(sql`create table prepared_probe (id int primary key, label text not null)`);
  });

  afterAll(async () => {
    await database?.db.execute(sql`drop table if exists prepared_probe`);
    await database?.close();
  });

  it('a statement seen twice is prepared once and then run prepared, and only inside', async () => {
    const probe = () => database.db.execute(sql`select count(*) as n from prepared_probe where id > ${0}`);
    for (let i = 0; i < 4; i++) await withPreparedStatements(async () => await probe());
    const prepared = await database.db.execute<{ statement: string }>(
      sql`select statement from pg_prepared_statements where statement like ${'%from prepared_probe where id >%'}`,
    );
    expect(prepared.rows).toHaveLength(1);
    // Outside withPreparedStatements nothing new is prepared.
    await database.db.execute(sql`select label from prepared_probe where id = ${1}`);
    await database.db.execute(sql`select label from prepared_probe where id = ${1}`);
    await database.db.execute(sql`select label from prepared_probe where id = ${1}`);
    const labels = await database.db.execute(
      sql`select statement from pg_prepared_statements where statement like ${'%select label from prepared_probe%'}`,
    );
    expect(labels.rows).toHaveLength(0);
  });

  it('a statement first met in a failed transaction is not marked, and is prepared later', async () => {
    const probe = (db: Pick<typeof database.db, 'execute'>) =>
      db.execute<{ n: number }>(
        sql`select count(*)::int as n from prepared_probe where label <> ${'first met failing'}`,
      );
    const expected = Number((await probe(database.db)).rows[0]?.n);
    // Seen once inside, so the next sighting prepares it: that one comes in a transaction that has failed.
    await withPreparedStatements(async () => await probe(database.db));
    const failed = withPreparedStatements(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 / ${0}::int`).catch(() => {});
        await probe(tx);
      }),
    );
    await expect(failed).rejects.toThrow();
    expect(await preparedLike('%from prepared_probe where label <>%')).toBe(0);
    for (let i = 0; i < 2; i++) {
      const answer = await withPreparedStatements(async () => await probe(database.db));
      expect(Number(answer.rows[0]?.n)).toBe(expected);
    }
    expect(await preparedLike('%from prepared_probe where label <>%')).toBe(1);
  });
  it('a transaction meets a statement whose PREPARE outside it waits for the transaction: both answer', async () => {
    const probe = (db: Pick<typeof database.db, 'execute'>) =>
      db.execute<{ n: number }>(
        sql`select count(*)::int as n from prepared_probe where label is distinct from ${'at once'}`,
      );
    const expected = Number((await probe(database.db)).rows[0]?.n);
    // Seen once inside, so the next sighting prepares it.
    await withPreparedStatements(async () => await probe(database.db));
    const { inside, outside } = await withPreparedStatements(() =>
      database.db.transaction(async (tx) => {
        // The transaction holds the PGlite: a caller outside it sends the PREPARE, which waits its turn.
        const outside = withPreparedStatements(async () => await probe(database.db));
        // Every callback queued so far runs first, so the outside call has sent its PREPARE.
        await new Promise((resolve) => setImmediate(resolve));
        // Waiting for that PREPARE here would wait for this transaction to end.
        return { inside: await probe(tx), outside };
      }),
    );
    expect(Number(inside.rows[0]?.n)).toBe(expected);
    expect(Number((await outside).rows[0]?.n)).toBe(expected);
    expect(await preparedLike('%from prepared_probe where label is distinct from%')).toBe(1);
  }, 15_000);
});
