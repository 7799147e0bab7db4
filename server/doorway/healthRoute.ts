/** GET /health: 200 while the database answers, for a load balancer or a monitor. */
import type {Reply} from '../http';
import type {GiftStore} from '../records';

export async function answerHealth(store: GiftStore): Promise<Reply> {
  try {
    await store.ping();
    return {status: 200, body: {status: 'ok'}};
  } catch {
    return {status: 503, body: {status: 'error', retryable: true, detail: 'the database does not answer'}};
  }
}
