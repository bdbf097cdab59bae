/** OWASP's minimum argon2id parameters (DESIGN 2 passwords): the API and the demo seed share them. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
