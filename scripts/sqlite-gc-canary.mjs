// Canary for the better-sqlite3 binding given in SQLITE_NATIVE_BINDING: prepares many short-lived statements
// under allocation pressure, so V8 collects them from background/idle GC tasks.
// better-sqlite3 <= 12 compiled against Node >= 24.19 headers aborts here with
// "Assertion failed: (env) != nullptr" in node::RemoveEnvironmentCleanupHook (Statement::~Statement): node::ObjectWrap
// gained a cleanup hook in 24.19 whose removal requires an entered context. Kysely prepares a statement per query,
// so the server would abort the same way under normal load. Exits 0 and prints "ok" when the binding survives.
import { createRequire } from 'node:module';

// Resolve better-sqlite3 from the project, wherever the Node running this script lives.
const Database = createRequire(import.meta.url)('better-sqlite3');

const nativeBinding = process.env.SQLITE_NATIVE_BINDING;
const db = new Database(':memory:', nativeBinding ? { nativeBinding } : {});
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
