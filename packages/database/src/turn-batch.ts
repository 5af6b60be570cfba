type Waiting<Request, Answer> = Readonly<{
  request: Request;
  resolve(answer: Answer): void;
  reject(error: unknown): void;
}>;

/**
 * Requests made in the same turn of the event loop, answered by one call of `serve`: concurrent
 * reads of the same kind share one round trip to the database instead of taking one each. Writes
 * that finish together (their read-your-writes waits end on the same batch of a projection) ask
 * in the same turn. `serve` answers the requests in their order.
 */
export class TurnBatch<Request, Answer> {
  private waiting: Waiting<Request, Answer>[] = [];

  constructor(private readonly serve: (requests: readonly Request[]) => Promise<readonly Answer[]>) {}

  ask(request: Request): Promise<Answer> {
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ request, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    try {
      const answers = await this.serve(batch.map((waiting) => waiting.request));
      batch.forEach((waiting, index) => waiting.resolve(answers[index]!));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
