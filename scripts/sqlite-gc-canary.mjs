// Canary for a better-sqlite3 package (its name is the first argument): prepares many short-lived statements under
// allocation pressure, so V8 collects them from background/idle GC tasks.
// better-sqlite3 <= 12 compiled against Node >= 24.19 headers aborts here with
// "Assertion failed: (env) != nullptr" in node::RemoveEnvironmentCleanupHook (Statement::~Statement): node::ObjectWrap
// gained a cleanup hook in 24.19 whose removal requires an entered context. Kysely prepares a statement per query,
// so a server would abort the same way under normal load. src/server/db/sqlite-driver.test.ts runs this with the
// driver the server picks for the Node that runs it. Exits 0 and prints "ok" when the driver survives.
import { createRequire } from 'node:module';

const packageName = process.argv[2];
if (!packageName) {
  console.error('usage: node scripts/sqlite-gc-canary.mjs <better-sqlite3 package name>');
  process.exit(2);
}
// Resolve the package from the project, wherever the Node running this script lives.
const Database = createRequire(import.meta.url)(packageName);

const db = new Database(':memory:');
db.exec('create table t (x integer)');
const garbage = [];
for (let i = 0; i < 200_000; i++) {
  db.prepare('insert into t values (?)').run(i);
  if (i % 10 === 0) garbage.push({ text: 'x'.repeat(100) + i });
}
garbage.length = 0;
// Stay idle for a moment: V8's memory reducer runs GC from a platform task, outside any JS context.
setTimeout(() => {
  db.close();
  console.log('ok');
}, 3000);
