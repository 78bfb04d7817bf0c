import PgBoss from 'pg-boss';
import { splitStatements, transactionBody } from './sql-script';

describe('splitStatements', () => {
  test('cuts at semicolons, trimmed, leaving out empty statements', () => {
    expect(splitStatements('  SELECT 1;\n\nSELECT 2 ;;  ')).toEqual(['SELECT 1', 'SELECT 2']);
  });

  test('keeps semicolons inside strings, quoted names, comments and dollar-quoted bodies', () => {
    const script = [
      "INSERT INTO t VALUES ('a;b', 'it''s; fine')",
      'SELECT 1 AS "odd;name"',
      'SELECT 2 -- a comment; still the same statement\n  + 1',
      'SELECT /* a; b */ 3',
      'CREATE FUNCTION f() RETURNS void AS $$ BEGIN PERFORM 1; PERFORM 2; END; $$ LANGUAGE plpgsql',
      "DO $body$ BEGIN RAISE NOTICE 'x;y'; END $body$",
      'SELECT $1::int + $2',
    ];
    expect(splitStatements(script.join(';\n'))).toEqual(script);
  });

  test('refuses an unterminated string or body instead of cutting it', () => {
    expect(() => splitStatements("SELECT 'open; SELECT 2")).toThrow("a ' opened at offset 7 is never closed");
    expect(() => splitStatements('DO $$ BEGIN; SELECT 2')).toThrow('$$ expected');
  });

  test("pg-boss's construction plan: one transaction whose functions stay whole", () => {
    const body = transactionBody(splitStatements(PgBoss.getConstructionPlans('pgboss')));
    expect(body?.[0]).toMatch(/^SET LOCAL lock_timeout/);
    const createQueue = body?.find((statement) => statement.startsWith('CREATE FUNCTION pgboss.create_queue'));
    expect(createQueue).toMatch(/LANGUAGE plpgsql$/);
  });
});

describe('transactionBody', () => {
  test('the statements between BEGIN and COMMIT; undefined for a script that is not one transaction', () => {
    expect(transactionBody(['BEGIN', 'SELECT 1', 'SELECT 2', 'COMMIT'])).toEqual(['SELECT 1', 'SELECT 2']);
    expect(transactionBody(['SELECT 1', 'SELECT 2'])).toBeUndefined();
    expect(transactionBody(['BEGIN', 'SELECT 1'])).toBeUndefined();
  });
});
