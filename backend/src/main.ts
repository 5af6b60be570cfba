// The compiled files' entry (backend/dist/main.js), which the tests start. `npm start` runs the
// bundle's instead (backend/scripts/server-launcher.js), which calls the same runServer.
import { runServer } from './server.js';

runServer();
