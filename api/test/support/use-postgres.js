// The PostgreSQL half of the API suite. Without a server to run on it fails
// loudly: a suite that quietly skipped would look green while testing nothing.
if (!process.env.TEST_DATABASE_URL) {
  throw new Error(
    'TEST_DATABASE_URL is not set: the API tests run on PostgreSQL too. ' +
      'Set it, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm test',
  );
}
process.env.CALLBOARD_TEST_ENGINE = 'postgres';
