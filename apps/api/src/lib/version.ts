import packageJson from '../../package.json' with { type: 'json' };

/** The API's release, shown by /health and in the OpenAPI document. */
export const API_VERSION: string = packageJson.version;
