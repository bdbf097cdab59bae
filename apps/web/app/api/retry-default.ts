// The default wait of a 429 in a module of its own: the error page in every page's first load
// (i18n/retry-wait.ts) names it without bringing api-error.ts into the shell.

/** The wait of a 429 whose API named none: its budgets are per minute. */
export const DEFAULT_RETRY_WAIT_SECONDS = 60;
