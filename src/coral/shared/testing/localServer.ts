/** A test's HTTP service on this machine: started on a free port, and stopped with any connection still open. */
import type {Server} from 'node:http';

export type LocalServer = {origin: string; close: () => Promise<void>};

/** Starts `server` on a free port of 127.0.0.1: answers the origin to call it at, and how to stop it. */
export async function listenLocally(server: Server): Promise<LocalServer> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return {
    origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
