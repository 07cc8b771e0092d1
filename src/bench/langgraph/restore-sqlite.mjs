// A fresh process restores one thread from SQLite: imports the saver, opens the file, reads the latest checkpoint.
// Prints: messages, ms from the process's first line (module import included), ms from the saver's creation.
const start = performance.now();
const { SqliteSaver } = await import("@langchain/langgraph-checkpoint-sqlite");
const imported = performance.now();
const saver = SqliteSaver.fromConnString(process.argv[2]);
const tuple = await saver.getTuple({ configurable: { thread_id: process.argv[3], checkpoint_ns: "" } });
const done = performance.now();
console.log(tuple.checkpoint.channel_values.messages.length, (done - start).toFixed(1), (done - imported).toFixed(1));
