/**
 * The query field of the place as typed in home's search box, sent when no suggestion was picked
 * and looked up by the results page (where-param.server.ts).
 */
export const WHERE_PARAM = 'where';
