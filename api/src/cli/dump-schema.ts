/**
 * `npm run schema`: migrates a new in-memory embedded database and writes what it then holds to
 * api/src/db/schema.sql (api/src/db/schema-dump.ts says how it is read). Run it after adding a
 * migration; api/test/schema.test.ts fails until the file is regenerated.
 * Exit codes: 0 written (or already current), 1 failed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeMigratedSchema, SCHEMA_FILE } from '../db/schema-dump';

async function main(): Promise<number> {
  const schema = await describeMigratedSchema();
  const where = path.relative(process.cwd(), SCHEMA_FILE);
  const lines = schema.split('\n').length - 1;
  if (existsSync(SCHEMA_FILE) && readFileSync(SCHEMA_FILE, 'utf8') === schema) {
    console.log(`${where} is current (${lines} lines)`);
    return 0;
  }
  writeFileSync(SCHEMA_FILE, schema);
  console.log(`Wrote ${where} (${lines} lines)`);
  return 0;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
