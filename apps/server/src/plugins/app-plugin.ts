import { type FastifyPluginAsync, type FastifyPluginOptions } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

/**
 * Marks a plugin as not encapsulated, so its decorators and hooks reach the whole app
 * (fastify-plugin, which also names the plugin in Fastify's errors and checks the Fastify version).
 */
export function appPlugin<Options extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return fastifyPlugin(plugin, { fastify: '5.x' });
}
