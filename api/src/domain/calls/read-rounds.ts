/**
 * Identical questions asked at the same moment, answered by one database
 * round trip, without any answer being older than its question.
 *
 * A team on the same screen asks the same few questions over and over (fifty
 * people on "today" send the same seven requests a refresh). Per question
 * there is at most one round in flight. A request that arrives while one is
 * running does not join it — that round started before the request arrived
 * and may not see a change committed just before it — but waits for the next
 * round, which starts as soon as the running one ends and answers everyone
 * who arrived meanwhile. So every answer reflects the database at a moment
 * between the request's arrival and its answer, as if it had run alone; what
 * is saved is the repeats.
 */
interface Round<T> {
  compute: () => Promise<T>;
  answer: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

interface Question<T> {
  /** The round in flight. */
  running: Promise<T>;
  /** The round the requests that arrived while `running` runs will share, if any arrived. */
  next?: Round<T>;
}

export class ReadRounds {
  private readonly questions = new Map<string, Question<unknown>>();

  /** Questions with a round in flight (for tests and metrics). */
  get inFlight(): number {
    return this.questions.size;
  }

  /** Answers `compute()` for `key`, sharing a round with the identical requests that arrived at the same time. */
  ask<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const question = this.questions.get(key) as Question<T> | undefined;
    if (question === undefined) return this.start(key, compute);
    if (question.next === undefined) {
      let resolve!: (value: T) => void;
      let reject!: (error: unknown) => void;
      const answer = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      question.next = { compute, answer, resolve, reject };
    }
    return question.next.answer;
  }

  private start<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const running = Promise.resolve().then(compute);
    const question: Question<T> = { running };
    this.questions.set(key, question as Question<unknown>);
    const settled = () => {
      const next = question.next;
      if (next === undefined) {
        this.questions.delete(key);
        return;
      }
      // The waiting requests' round: it starts now, after every one of them arrived.
      this.questions.delete(key);
      this.start(key, next.compute).then(next.resolve, next.reject);
    };
    running.then(settled, settled);
    return running;
  }
}
