/**
 * D1 batches whose statements are named (decision 065). Each statement is declared with the row type of its query, a
 * batch is a record of them (nested records and lists allowed, so a builder can hand a caller a group of statements),
 * and the answer has the same shape, each statement's result typed by its declaration: nothing reads a batch by index,
 * and a caller cannot take one statement's rows for another's without the compiler saying so.
 */

/** One statement of a named batch, with the row type its query returns (`never` for a write). */
export class Step<Row> {
  /** Carries `Row` for the compiler only; never set. */
  declare readonly row?: Row;
  constructor(readonly statement: D1PreparedStatement) {}
}

export function step<Row = never>(statement: D1PreparedStatement): Step<Row> {
  return new Step<Row>(statement);
}

/** A batch's statements: one, a list, or a record of named ones, nested as the callers group them. */
export type Steps = Step<unknown> | readonly Steps[] | NamedSteps;

/** What a batch of `S` answers: the same shape, each statement's `D1Result` typed by its row. */
export type Ran<S> = S extends undefined
  ? undefined
  : S extends Step<infer Row>
    ? D1Result<Row>
    : S extends readonly unknown[]
      ? { [I in keyof S]: Ran<S[I]> }
      : { [Name in keyof S]: Ran<S[Name]> };

/** JavaScript lists integer-like keys first whatever their order in the source; statements run in the written order. */
const INDEX_LIKE = /^(0|[1-9]\d*)$/;

/** A record's steps in written order; a member left undefined (a read the caller does not need) runs nothing. */
function entriesOf(steps: NamedSteps): [string, Steps][] {
  const entries = Object.entries(steps).filter((entry): entry is [string, Steps] => entry[1] !== undefined);
  for (const [name] of entries) {
    if (INDEX_LIKE.test(name)) throw new TypeError(`A batch step is named by a word, not a number: "${name}"`);
  }
  return entries;
}

function collect(steps: Steps, into: D1PreparedStatement[]): void {
  if (steps instanceof Step) into.push(steps.statement);
  else if (Array.isArray(steps)) for (const each of steps as readonly Steps[]) collect(each, into);
  else for (const [, each] of entriesOf(steps as NamedSteps)) collect(each, into);
}

/** The statements of `steps` in the order a batch runs them: as written, depth first. */
export function statementsOf(steps: Steps): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  collect(steps, statements);
  return statements;
}

/** Gives each statement of `steps` its result, in the order `statementsOf` listed them. */
export function shapeResults(steps: Steps, results: readonly D1Result[]): unknown {
  let next = 0;
  const shape = (each: Steps): unknown => {
    if (each instanceof Step) return results[next++];
    if (Array.isArray(each)) return (each as readonly Steps[]).map(shape);
    return Object.fromEntries(entriesOf(each as NamedSteps).map(([name, inner]) => [name, shape(inner)]));
  };
  const shaped = shape(steps);
  if (next !== results.length) throw new Error(`A batch of ${next} statements answered ${results.length} results`);
  return shaped;
}

/** The statements of a batch, each under its name. */
export type NamedSteps = { readonly [name: string]: Steps | undefined };

/** No statements: the default of a function that runs its caller's steps in its own batch. */
export const NO_STEPS = {} as const;

/**
 * Runs `steps` as one D1 batch (one round trip, one transaction: a failing statement rolls back the whole batch) and
 * answers each statement's result under its name. A batch with no statements runs nothing. (The answer maps the
 * record's names one by one, so a group whose type a caller leaves open, such as the reads a cart change runs after its
 * writes, keeps its own type.)
 */
export function namedBatch<const S extends NamedSteps>(db: D1Database, steps: S): Promise<{ [Name in keyof S]: Ran<S[Name]> }> {
  const statements = statementsOf(steps);
  const results: Promise<readonly D1Result[]> = statements.length === 0 ? Promise.resolve([]) : db.batch(statements);
  return results.then((answered) => shapeResults(steps, answered) as never);
}
