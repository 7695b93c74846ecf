// A vitest setup file (vitest.config.ts): runs before each test file, in its worker.
// The suite talks to servers on 127.0.0.1 only; a developer's HTTP_PROXY (or a CI's) must not
// send those requests elsewhere, whether a test calls the engine in-process or passes
// process.env to the CLI. Tests of the proxy path set the variables themselves.
for (const name of ['http_proxy', 'https_proxy', 'all_proxy', 'no_proxy']) {
  delete process.env[name]
  delete process.env[name.toUpperCase()]
}
