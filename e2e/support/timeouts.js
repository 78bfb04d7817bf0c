// A browser test signs in, navigates and waits for remotes: more than the 30 s unit tests get.
jest.setTimeout(60_000);
