/** The Server-Sent Events wire format (text/event-stream): what the event streams write. */

/** One event: its name, and its data as one line of JSON (JSON.stringify never writes a line break). */
export function sseEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: clients ignore it, and it keeps proxies and load balancers from closing an idle connection. */
export function sseComment(text: string): string {
  return `: ${text}\n\n`;
}
