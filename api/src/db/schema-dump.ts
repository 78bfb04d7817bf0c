/**
 * What the database looks like once every migration has run, as SQL to read: `api/src/db/schema.sql`,
 * written by `npm run schema` (`api/src/cli/dump-schema.ts`) and held to the migrations by
 * `api/test/schema.test.ts`. The rollups' functions and triggers are redefined across many migrations,
 * so only the migrated catalog says what each one is now.
 *
 * Read with SQL from pg_catalog rather than pg_dump: PGlite has no pg_dump, and a machine need not have
 * one either. Every list is ordered by name (an index or a trigger by its table first), no OID or
 * engine-made name is printed, and an object of a kind this file cannot render fails the run instead of
 * being left out.
 */
import path from 'node:path';
import type { Database, Queryable } from './database';
import { migrate } from './migrate';
import { JOB_RUNNER_SCHEMA } from './migrations/0032-job-runner';
import { openPgliteDatabase } from './pglite-database';

/** The committed file. The same path from `src/db` (tests) and `dist/db` (the compiled command). */
export const SCHEMA_FILE = path.resolve(__dirname, '..', '..', 'src', 'db', 'schema.sql');

/** How to regenerate the file, named by its header and by the test that finds it stale. */
export const SCHEMA_COMMAND = 'npm run schema';

const HEADER = `-- Generated: the schema after every migration in api/src/db/migrations/. Do not edit.
-- Regenerate with \`${SCHEMA_COMMAND}\` (api/src/cli/dump-schema.ts); api/test/schema.test.ts fails when it is stale.
-- Read from a freshly migrated embedded database (PGlite). Objects by kind, then by name (indexes and
-- triggers by table, then name); columns in table order. This is documentation: the migrations are what runs.
-- The job runner's schema \`${JOB_RUNNER_SCHEMA}\` (migration 0032: pg-boss's own tables, made by its own plan) is not described here.`;

/** A freshly migrated in-memory PGlite, described: what `npm run schema` writes. */
export async function describeMigratedSchema(): Promise<string> {
  const db = await openPgliteDatabase(undefined);
  try {
    await migrate(db);
    return await describeSchema(db);
  } finally {
    await db.close();
  }
}

/** The `public` schema of `db` as SQL, one statement per object. */
export function describeSchema(db: Database): Promise<string> {
  // One transaction: one connection (PostgreSQL's pool), and a search_path of its own, so names in
  // `public` print unqualified wherever the catalog's functions leave that choice to it.
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL search_path = public');
    await refuseUnrenderedObjects(tx);
    const sections: [string, string[]][] = [
      ['Extensions', await extensions(tx)],
      ['Types', await types(tx)],
      ['Sequences', await sequences(tx)],
      ['Tables', await tables(tx)],
      ['Indexes', await indexes(tx)],
      ['Views', await views(tx)],
      ['Functions', await functions(tx)],
      ['Triggers', await triggers(tx)],
      ['Row-level security', await policies(tx)],
    ];
    const body = sections
      .filter(([, statements]) => statements.length > 0)
      .map(([title, statements]) => [`-- ${title}`, ...statements].join('\n\n'));
    return `${[HEADER, ...body].join('\n\n\n')}\n`;
  });
}

// Names compared byte by byte, not by the database's locale, so both engines sort alike.
const IN_PUBLIC = "n.nspname = 'public'";
const NOT_FROM_EXTENSION = (catalog: string, id: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = ${id} AND d.deptype = 'e')`;

/**
 * Kinds of object the migrations do not create today and this file does not render: one of them
 * appearing fails `npm run schema` and the test, naming it, instead of the file silently leaving it out.
 */
async function refuseUnrenderedObjects(tx: Queryable): Promise<void> {
  const rows = await tx.query<{ what: string }>(`
    SELECT 'schema ' || nspname AS what FROM pg_namespace
     WHERE nspname NOT IN ('public', 'information_schema', '${JOB_RUNNER_SCHEMA}') AND nspname NOT LIKE 'pg\\_%'
    UNION ALL
    SELECT 'relation ' || c.relname || ' of relkind ' || c.relkind::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE ${IN_PUBLIC} AND c.relkind NOT IN ('r', 'i', 'S', 'v', 'm')
    UNION ALL
    SELECT 'inheritance of ' || c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE ${IN_PUBLIC} AND c.relkind <> 'i'
    UNION ALL
    SELECT 'aggregate ' || p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE ${IN_PUBLIC} AND p.prokind = 'a' AND ${NOT_FROM_EXTENSION('pg_proc', 'p.oid')}
    UNION ALL
    SELECT 'type ' || t.typname || ' of typtype ' || t.typtype::text FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE ${IN_PUBLIC} AND t.typtype NOT IN ('b', 'c', 'e', 'd') AND ${NOT_FROM_EXTENSION('pg_type', 't.oid')}
    UNION ALL
    SELECT 'rule ' || r.rulename FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE ${IN_PUBLIC} AND r.rulename <> '_RETURN'
    UNION ALL
    SELECT 'trigger ' || t.tgname || ' not simply enabled' FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE ${IN_PUBLIC} AND NOT t.tgisinternal AND t.tgenabled <> 'O'
    UNION ALL
    SELECT 'event trigger ' || evtname FROM pg_event_trigger
    UNION ALL
    SELECT 'statistics object ' || stxname FROM pg_statistic_ext
    ORDER BY 1`);
  if (rows.length > 0) {
    throw new Error(`the schema dump (api/src/db/schema-dump.ts) cannot render these yet; teach it to: ${rows.map((r) => r.what).join('; ')}`);
  }
}

async function extensions(tx: Queryable): Promise<string[]> {
  // plpgsql comes with every database. The version is left out: it is the engine's, not ours.
  const rows = await tx.query<{ name: string; schema: string }>(`
    SELECT quote_ident(e.extname) AS name, quote_ident(n.nspname) AS schema
      FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
     WHERE e.extname <> 'plpgsql' ORDER BY e.extname COLLATE "C"`);
  return rows.map((r) => `CREATE EXTENSION ${r.name} WITH SCHEMA ${r.schema};`);
}

async function types(tx: Queryable): Promise<string[]> {
  const rows = await tx.query<{ statement: string }>(`
    SELECT CASE t.typtype
             WHEN 'e' THEN 'CREATE TYPE ' || quote_ident(t.typname) || ' AS ENUM ('
               || (SELECT string_agg(quote_literal(e.enumlabel), ', ' ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid) || ');'
             ELSE 'CREATE DOMAIN ' || quote_ident(t.typname) || ' AS ' || format_type(t.typbasetype, t.typtypmod)
               || coalesce(' DEFAULT ' || t.typdefault, '') || CASE WHEN t.typnotnull THEN ' NOT NULL' ELSE '' END
               || coalesce((SELECT string_agg(' CONSTRAINT ' || quote_ident(c.conname) || ' ' || pg_get_constraintdef(c.oid, true), '' ORDER BY c.conname COLLATE "C")
                              FROM pg_constraint c WHERE c.contypid = t.oid AND c.contype = 'c'), '') || ';'
           END AS statement
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE ${IN_PUBLIC} AND t.typtype IN ('e', 'd') AND ${NOT_FROM_EXTENSION('pg_type', 't.oid')}
     ORDER BY t.typname COLLATE "C"`);
  return rows.map((r) => r.statement);
}

async function sequences(tx: Queryable): Promise<string[]> {
  // An identity column's sequence is the column's own (GENERATED … AS IDENTITY under Tables); a serial
  // column's is listed, with the column that owns it. Options are printed only where they differ from
  // CREATE SEQUENCE's defaults for the sequence's type.
  const rows = await tx.query<{ statement: string }>(`
    SELECT 'CREATE SEQUENCE ' || quote_ident(c.relname) || ' AS ' || format_type(s.seqtypid, NULL)
           || CASE WHEN s.seqincrement <> 1 THEN ' INCREMENT BY ' || s.seqincrement ELSE '' END
           || CASE WHEN s.seqmin <> 1 THEN ' MINVALUE ' || s.seqmin ELSE '' END
           || CASE WHEN s.seqmax <> CASE s.seqtypid WHEN 'smallint'::regtype THEN 32767 WHEN 'integer'::regtype THEN 2147483647 ELSE 9223372036854775807 END
                   THEN ' MAXVALUE ' || s.seqmax ELSE '' END
           || CASE WHEN s.seqstart <> 1 THEN ' START WITH ' || s.seqstart ELSE '' END
           || CASE WHEN s.seqcache <> 1 THEN ' CACHE ' || s.seqcache ELSE '' END
           || CASE WHEN s.seqcycle THEN ' CYCLE' ELSE '' END
           || coalesce(' OWNED BY ' || quote_ident(owner.relname) || '.' || quote_ident(a.attname), '') || ';' AS statement
      FROM pg_sequence s
      JOIN pg_class c ON c.oid = s.seqrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
      LEFT JOIN pg_class owner ON owner.oid = d.refobjid
      LEFT JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
     WHERE ${IN_PUBLIC} AND (d.deptype IS NULL OR d.deptype = 'a')
     ORDER BY c.relname COLLATE "C"`);
  return rows.map((r) => r.statement);
}

interface TableRow {
  name: string;
  unlogged: boolean;
  options: string | null;
  comment: string | null;
}
interface ColumnRow {
  table_name: string;
  name: string;
  type: string;
  collation: string | null;
  identity: string;
  generated: string;
  default_expr: string | null;
  not_null: boolean;
  comment: string | null;
}
interface ConstraintRow {
  table_name: string;
  definition: string;
}

async function tables(tx: Queryable): Promise<string[]> {
  const tableRows = await tx.query<TableRow>(`
    SELECT quote_ident(c.relname) AS name, c.relpersistence = 'u' AS unlogged,
           array_to_string(c.reloptions, ', ') AS options, obj_description(c.oid, 'pg_class') AS comment
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE ${IN_PUBLIC} AND c.relkind = 'r'
     ORDER BY c.relname COLLATE "C"`);
  const columnRows = await tx.query<ColumnRow>(`
    SELECT quote_ident(c.relname) AS table_name, quote_ident(a.attname) AS name, format_type(a.atttypid, a.atttypmod) AS type,
           CASE WHEN a.attcollation <> t.typcollation THEN quote_ident(co.collname) END AS collation,
           a.attidentity AS identity, a.attgenerated AS generated, pg_get_expr(ad.adbin, ad.adrelid, true) AS default_expr,
           a.attnotnull AS not_null, col_description(a.attrelid, a.attnum) AS comment
      FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_type t ON t.oid = a.atttypid
      LEFT JOIN pg_collation co ON co.oid = a.attcollation
      LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
     WHERE ${IN_PUBLIC} AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY c.relname COLLATE "C", a.attnum`);
  // Key first, then unique, exclusion, check and foreign-key constraints, each kind by name. Not-null
  // constraints (catalogued as constraints since PostgreSQL 18) are the columns' NOT NULL.
  const constraintRows = await tx.query<ConstraintRow>(`
    SELECT quote_ident(c.relname) AS table_name,
           'CONSTRAINT ' || quote_ident(co.conname) || ' ' || pg_get_constraintdef(co.oid, true) AS definition
      FROM pg_constraint co
      JOIN pg_class c ON c.oid = co.conrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE ${IN_PUBLIC} AND c.relkind = 'r' AND co.contype IN ('p', 'u', 'x', 'c', 'f')
     ORDER BY array_position(ARRAY['p', 'u', 'x', 'c', 'f']::"char"[], co.contype), co.conname COLLATE "C"`);

  return tableRows.map((table) => {
    const columns = columnRows.filter((c) => c.table_name === table.name).map(columnDefinition);
    const constraints = constraintRows.filter((c) => c.table_name === table.name).map((c) => c.definition);
    const lines = [...columns, ...constraints].map((line) => `  ${line}`).join(',\n');
    const statements = [
      `CREATE ${table.unlogged ? 'UNLOGGED ' : ''}TABLE ${table.name} (\n${lines}\n)${table.options ? ` WITH (${table.options})` : ''};`,
    ];
    if (table.comment !== null) statements.push(`COMMENT ON TABLE ${table.name} IS ${literal(table.comment)};`);
    for (const column of columnRows.filter((c) => c.table_name === table.name && c.comment !== null)) {
      statements.push(`COMMENT ON COLUMN ${table.name}.${column.name} IS ${literal(column.comment ?? '')};`);
    }
    return statements.join('\n');
  });
}

function columnDefinition(column: ColumnRow): string {
  const parts = [column.name, column.type];
  if (column.collation) parts.push(`COLLATE ${column.collation}`);
  if (column.identity) parts.push(`GENERATED ${column.identity === 'a' ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY`);
  if (column.generated) parts.push(`GENERATED ALWAYS AS (${column.default_expr ?? ''}) ${column.generated === 's' ? 'STORED' : 'VIRTUAL'}`);
  else if (column.default_expr !== null) parts.push(`DEFAULT ${column.default_expr}`);
  if (column.not_null) parts.push('NOT NULL');
  return parts.join(' ');
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function indexes(tx: Queryable): Promise<string[]> {
  // The indexes behind primary-key, unique and exclusion constraints are those constraints, under Tables.
  const rows = await tx.query<{ definition: string }>(`
    SELECT pg_get_indexdef(i.indexrelid) || ';' AS definition
      FROM pg_index i
      JOIN pg_class ic ON ic.oid = i.indexrelid
      JOIN pg_class tc ON tc.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = ic.relnamespace
     WHERE ${IN_PUBLIC}
       AND NOT EXISTS (SELECT 1 FROM pg_constraint co WHERE co.conindid = i.indexrelid AND co.conrelid = i.indrelid AND co.contype IN ('p', 'u', 'x'))
     ORDER BY tc.relname COLLATE "C", ic.relname COLLATE "C"`);
  return rows.map((r) => r.definition);
}

async function views(tx: Queryable): Promise<string[]> {
  const rows = await tx.query<{ statement: string }>(`
    SELECT 'CREATE ' || CASE c.relkind WHEN 'm' THEN 'MATERIALIZED VIEW ' ELSE 'VIEW ' END || quote_ident(c.relname) || ' AS\n'
           || rtrim(pg_get_viewdef(c.oid, true), ';') || ';' AS statement
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE ${IN_PUBLIC} AND c.relkind IN ('v', 'm')
     ORDER BY c.relname COLLATE "C"`);
  return rows.map((r) => r.statement);
}

async function functions(tx: Queryable): Promise<string[]> {
  // pg_get_functiondef gives the body as the migration wrote it, from the migration that defined it last.
  const rows = await tx.query<{ definition: string }>(`
    SELECT rtrim(pg_get_functiondef(p.oid), E'\\n') || ';' AS definition
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE ${IN_PUBLIC} AND p.prokind IN ('f', 'p', 'w') AND ${NOT_FROM_EXTENSION('pg_proc', 'p.oid')}
     ORDER BY p.proname COLLATE "C", pg_get_function_identity_arguments(p.oid) COLLATE "C"`);
  return rows.map((r) => r.definition);
}

async function triggers(tx: Queryable): Promise<string[]> {
  const rows = await tx.query<{ definition: string }>(`
    SELECT pg_get_triggerdef(t.oid, true) || ';' AS definition
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE ${IN_PUBLIC} AND NOT t.tgisinternal
     ORDER BY c.relname COLLATE "C", t.tgname COLLATE "C"`);
  return rows.map((r) => r.definition);
}

async function policies(tx: Queryable): Promise<string[]> {
  const rows = await tx.query<{ statement: string }>(`
    SELECT statement FROM (
      SELECT c.relname AS tablename, '' AS policyname,
             'ALTER TABLE ' || quote_ident(c.relname) || ' ENABLE ROW LEVEL SECURITY;'
             || CASE WHEN c.relforcerowsecurity THEN E'\\nALTER TABLE ' || quote_ident(c.relname) || ' FORCE ROW LEVEL SECURITY;' ELSE '' END AS statement
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE ${IN_PUBLIC} AND c.relrowsecurity
      UNION ALL
      SELECT p.tablename, p.policyname,
             'CREATE POLICY ' || quote_ident(p.policyname) || ' ON ' || quote_ident(p.tablename) || ' AS ' || p.permissive
             || ' FOR ' || p.cmd || ' TO ' || array_to_string(p.roles, ', ')
             || coalesce(' USING (' || p.qual || ')', '') || coalesce(' WITH CHECK (' || p.with_check || ')', '') || ';'
        FROM pg_policies p WHERE p.schemaname = 'public'
    ) s ORDER BY tablename COLLATE "C", policyname COLLATE "C"`);
  return rows.map((r) => r.statement);
}
