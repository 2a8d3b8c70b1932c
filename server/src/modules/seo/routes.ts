import type { FastifyPluginAsync } from 'fastify';
import { baseUrl } from '../storefront/index.ts';
import { robotsTxt, sitemapXml } from './service.ts';

/**
 * What search engines read first: the rules for crawlers and the list of the shop's public pages, with
 * the addresses the pages themselves give as canonical (PUBLIC_URL, or in development the visitor's).
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', { schema: { tags: ['seo'], summary: 'Rules for crawlers' } }, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(baseUrl(app, request))),
  );
  app.get(
    '/sitemap.xml',
    { schema: { tags: ['seo'], summary: 'Every published product and collection, for search engines' } },
    async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(await sitemapXml(app.db, baseUrl(app, request))),
  );
};
