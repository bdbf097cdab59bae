import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Authentication routes of spec 7 (issue 5): sign-up, login, token refresh, password recovery,
// e-mail confirmation.
const authRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default authRoutes;
