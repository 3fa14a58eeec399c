import { type AppDatabase, type DatabaseHandle } from '../db/client';
import { appPlugin } from './app-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDatabase;
    database: DatabaseHandle;
  }
}

/** Decorates app.db; the app owns the handle and closes it (and the PGlite lock) on close. */
export const dbPlugin = appPlugin<{ database: DatabaseHandle }>(async (app, { database }) => {
  app.decorate('db', database.db);
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    await database.close();
  });
});
