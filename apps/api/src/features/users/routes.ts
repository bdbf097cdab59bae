import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// User routes of spec 7 (issue 5): the current user, public seller profiles, profile edits,
// password and login e-mail changes, profile picture.
const usersRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default usersRoutes;
