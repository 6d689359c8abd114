// What scripts/build-agent-module.ts builds to agent-module.mjs beside this file (decision 089).
export * from "../agents/agent-module";
