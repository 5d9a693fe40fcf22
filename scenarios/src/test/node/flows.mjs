// Test helper: prints the flows (arrows) that Chrome DevTools' own trace engine
// (@paulirish/trace_engine, the DevTools frontend's models/trace published on npm) finds in a
// Chrome trace-event file, as JSON: one array per flow, holding the slices the flow binds, in
// time order, each as {name, cat, pid, tid, ts, args}.
// Usage: node flows.mjs TRACE.json
import fs from 'node:fs';
import * as Trace from '@paulirish/trace_engine/models/trace/trace.js';

const file = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const events = Array.isArray(file) ? file : file.traceEvents;
const model = Trace.TraceModel.Model.createWithSubsetOfHandlers({Flows: Trace.Handlers.ModelHandlers.Flows});
await model.parse(events);
const flows = model.parsedTrace().data.Flows.flows;
const slice = e => ({name: e.name, cat: e.cat, pid: e.pid, tid: e.tid, ts: e.ts, args: e.args});
process.stdout.write(JSON.stringify(flows.map(f => [...f].sort((a, b) => a.ts - b.ts).map(slice))) + '\n');
