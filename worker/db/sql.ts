/**
 * The project's one way of writing SQL for D1 (decision 003): numbered placeholders (`?1`, `?2`, …, never a bare `?`),
 * row types declared next to their query, and snippets shared between statements written as functions of the
 * placeholders they need, named, so no snippet relies on its caller binding values in some order it cannot see.
 */

/**
 * Placeholders by name, numbered in the order the statement binds them: `placeholders("tenant", "customer")` is
 * `{ tenant: "?1", customer: "?2" }`, for `.bind(tenantId, customerId)`.
 */
export function placeholders<const Name extends string>(...names: Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name, i) => [name, `?${i + 1}`])) as Record<Name, string>;
}

/** `count` numbered placeholders from `?first` on, comma separated: a VALUES list or an IN list. */
export function numbered(first: number, count: number): string {
  return Array.from({ length: count }, (_, i) => `?${first + i}`).join(", ");
}

/**
 * The rows of a result D1 could not type, as the row type declared beside its query: only the two wrappers that run
 * batches themselves (the session gate, the metered session). A batch's statements are typed by `step<Row>` and a
 * lone statement by `.all<Row>()` or `.first<Row>()` (decision 065).
 */
export function rowsOf<Row>(result: D1Result<unknown> | undefined): Row[] {
  return (result?.results ?? []) as Row[];
}

/** The count a `SELECT COUNT(*) AS total …` step of a batch read (a paged list's total). */
export function totalOf(result: D1Result<{ total: number }>): number {
  return result.results[0]?.total ?? 0;
}
