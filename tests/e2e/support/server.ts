/** Where the browser tests' server listens and keeps its data. */
export const E2E_PORT = 4317;
export const E2E_DATA_DIR = '.tmp/e2e-data';
