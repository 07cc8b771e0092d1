// Writes one LangGraph thread per size into a SQLite file, as a LangGraph app with a messages channel keeps them:
// each checkpoint holds the messages so far. A checkpoint every turn up to 1 000 messages; past that one every
// size/1000 turns and the last (the restore reads only the latest; 5 000 checkpoints of up to 5 000 messages
// would be ~19 GB). Usage: node prepare-sqlite.mjs FILE.sqlite 10,100,1000,5000
import { SqliteSaver } from "@langchain/langgraph-checkpoint-sqlite";
import { emptyCheckpoint, uuid6 } from "@langchain/langgraph-checkpoint";
const saver = SqliteSaver.fromConnString(process.argv[2]);
for (const n of process.argv[3].split(",").map(Number)) {
  const thread = "restore-" + n;
  let config = { configurable: { thread_id: thread, checkpoint_ns: "" } };
  const messages = [];
  const every = Math.max(1, Math.floor(n / 1000));
  for (let turn = 0; turn < n; turn++) {
    messages.push({ role: turn % 2 ? "assistant" : "user", name: turn % 2 ? "Bruno" : "Ada",
      // About as long as Workshop's offline replies in the same benchmark (~230 characters).
      content: "Turn " + turn + ": good point about who is affected and what each of them needs; next, as a friendly"
        + " sceptic I think the first step is to agree on what done looks like, then try a small experiment. What"
        + " would you change?" });
    if (turn % every !== 0 && turn !== n - 1) continue;
    const checkpoint = { ...emptyCheckpoint(), id: uuid6(-1), ts: new Date().toISOString(),
      channel_values: { messages: [...messages] }, channel_versions: { messages: turn + 1 } };
    config = await saver.put(config, checkpoint, { source: "loop", step: turn, parents: {} }, { messages: turn + 1 });
  }
  console.log(n, thread);
}
