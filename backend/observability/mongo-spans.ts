import type { CommandFailedEvent, CommandStartedEvent, CommandSucceededEvent, MongoClient, MongoClientOptions } from "mongodb";
import type { OpenSpan } from "./tracer";
import { startSpan, tracingOn } from "./tracing";

/** The client options that make the driver report each command: asked only when tracing is on, as the reports cost a little on every call. */
export function commandMonitoring(): Pick<MongoClientOptions, "monitorCommands"> {
  return tracingOn() ? { monitorCommands: true } : {};
}

/**
 * A span for each command the client sends MongoDB, from the driver's command events: named
 * by the command and collection, never by what it holds (a lead's fields are personal data).
 * The events are emitted in the async context of the call that sent the command, so each span
 * is a child of the request's.
 */
export function traceMongoCommands(client: MongoClient): void {
  if (!tracingOn()) return;
  const open = new Map<string, OpenSpan>();
  const keyOf = (event: CommandStartedEvent | CommandSucceededEvent | CommandFailedEvent) =>
    `${String(event.connectionId)}:${event.requestId}`;
  client.on("commandStarted", (event) => {
    const collection: unknown = event.command[event.commandName];
    const span = startSpan(`mongodb ${event.commandName}`, {
      "db.system.name": "mongodb",
      "db.namespace": event.databaseName,
      "db.operation.name": event.commandName,
      ...(typeof collection === "string" ? { "db.collection.name": collection } : {}),
    });
    if (span) open.set(keyOf(event), span);
  });
  const ended = (failed: boolean) => (event: CommandSucceededEvent | CommandFailedEvent) => {
    open.get(keyOf(event))?.end(failed);
    open.delete(keyOf(event));
  };
  client.on("commandSucceeded", ended(false));
  client.on("commandFailed", ended(true));
}
