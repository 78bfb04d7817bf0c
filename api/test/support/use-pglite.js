process.env.CALLBOARD_TEST_ENGINE = 'pglite';
