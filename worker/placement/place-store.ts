import { storeCounts } from "./directory";
import { configuredDatabase, storeDatabases, UnknownDatabaseError } from "./store-databases";

/**
 * Where a new store's rows go (decision 061): the database named, which must be configured; else, of those open to
 * new stores, the one holding the fewest (the first listed on a tie). A large store is given a database of its own by
 * naming one that no other store is placed in.
 */
export async function chooseDatabase(env: { DIRECTORY: D1Database; STORE_DATABASES?: string }, named?: string): Promise<string> {
  if (named !== undefined) return configuredDatabase(env, named).name;
  const open = storeDatabases(env).filter((database) => database.newStores);
  if (open.length === 0) throw new UnknownDatabaseError("(none is open to new stores)");
  const counts = await storeCounts(env.DIRECTORY);
  let best = open[0]!;
  for (const database of open) if ((counts.get(database.name) ?? 0) < (counts.get(best.name) ?? 0)) best = database;
  return best.name;
}
