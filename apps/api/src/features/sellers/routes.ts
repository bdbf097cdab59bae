import {
  ErrorBodySchema,
  PublicSellerPageParamsSchema,
  PublicSellerPageQuerySchema,
  PublicSellerPageSchema,
  parseSellerId,
  SELLER_REPLY_RATE_DAYS,
  SELLER_REPLY_RATE_MIN_THREADS,
} from '@estately/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { getPublicSeller } from './get-public-seller.ts';

/** The public seller page (issue 39 point 15, decision 053). */
const sellersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public/sellers/:id',
    {
      schema: {
        tags: ['sellers'],
        summary: 'Public seller page',
        description: `The public page of an account that sells (a private person, an agent, a company): name, picture, seller type, rating, member since, the share of conversations answered in the product (conversations started in the last ${SELLER_REPLY_RATE_DAYS} days; null below ${SELLER_REPLY_RATE_MIN_THREADS}), how many public offers it has, and its public offers as search cards, newest first, a page at a time (\`page\`, \`per_page\`, \`meta\` as the other paged lists), narrowed by \`q\` (every word in the address: street, city part, city; case and accents do not matter) and \`offer_type\`. A company account also names its company page (\`companySlug\`). \`{id}\` is the account id, optionally followed by \`-slug\`. Never shows the account's e-mail, phone, address or company ids. An account that never sold (no seller profile, no published property), a deleted account, an unknown id and an id that cannot exist answer 404 \`not_found\`.`,
        params: PublicSellerPageParamsSchema,
        querystring: PublicSellerPageQuerySchema,
        response: {
          200: PublicSellerPageSchema,
          404: ErrorBodySchema,
          422: ErrorBodySchema,
          500: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      const id = parseSellerId(request.params.id);
      if (id === null) throw new AppError('not_found');
      return getPublicSeller({
        db: request.readDb,
        storage: app.storage,
        id,
        page: request.query.page,
        perPage: request.query.per_page,
        currency: request.query.currency,
        q: request.query.q,
        offerType: request.query.offer_type,
      });
    },
  );
};

export default sellersRoutes;
