/** The server: `npm start` and the image run this file's bundle, dist/server.js. */
import { runServer } from './server-main';

await runServer();
