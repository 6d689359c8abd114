/**
 * Work a request starts only once its answer is formed: what the shopper need not wait on (an order's message,
 * decision 058). It runs under the request's waitUntil after the answer's Server-Timing was counted, so the chain that
 * header reports is the one the shopper waited on, and the work's own round trips are never in it.
 */
interface Queue {
  answered: boolean;
  work: (() => Promise<unknown>)[];
}

const queues = new WeakMap<object, Queue>();

/** Opens the request's queue; call what it answers once the answer is formed (it starts the queued work). */
export function holdUntilAnswered(ctx: Pick<ExecutionContext, "waitUntil">): () => void {
  const queue: Queue = { answered: false, work: [] };
  queues.set(ctx, queue);
  return () => {
    queue.answered = true;
    for (const work of queue.work.splice(0)) ctx.waitUntil(Promise.resolve().then(work));
  };
}

/**
 * Runs `work` after the request's answer, under its waitUntil; at once (still under waitUntil) where no request holds a
 * queue or its answer is already out.
 */
export function afterAnswer(ctx: Pick<ExecutionContext, "waitUntil">, work: () => Promise<unknown>): void {
  const queue = queues.get(ctx);
  if (queue && !queue.answered) queue.work.push(work);
  else ctx.waitUntil(Promise.resolve().then(work));
}

/**
 * The request's waitUntil as Hono's context gives it; one that runs nothing when the Worker's app is called without one
 * (a direct `api.request`).
 */
export function backgroundOf(c: { readonly executionCtx: Pick<ExecutionContext, "waitUntil"> }): Pick<ExecutionContext, "waitUntil"> {
  try {
    return c.executionCtx;
  } catch {
    return { waitUntil: () => undefined };
  }
}
