import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Removes the temp dirs test/support/temp-dir.ts made, when each test file ends.
    // Proxy variables from the environment are cleared (test/support/no-proxy-variables.ts).
    setupFiles: ['test/support/remove-temp-dirs.ts', 'test/support/no-proxy-variables.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
})
