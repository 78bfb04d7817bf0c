/**
 * Email without a mail server (docs/delivery.md: the one-command start shows its mail): with no SMTP_URL, each email is written
 * to `<DATA_DIR>/outbox/` as `<delivery id>.eml`, the message exactly as it would have gone over SMTP (any mail
 * client opens it), beside `<delivery id>.json`, its summary, so admins read it in the app without a MIME parser.
 * The folder is this machine's: on several instances, configure SMTP_URL (docs/delivery.md).
 */
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutboxEntry, OutboxMessage } from '@callboard/contract/delivery';
import type { RenderedEmail } from './message-rendering';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Written under a temporary name and renamed, the summary first: a listed .eml always has its summary. */
export async function writeToOutbox(dir: string, id: string, email: RenderedEmail): Promise<void> {
  if (!UUID.test(id)) throw new Error(`an outbox message is named by its delivery's id (got ${JSON.stringify(id)})`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  for (const [extension, content] of [['json', JSON.stringify(email.summary)], ['eml', email.mime]] as const) {
    const final = path.join(dir, `${id}.${extension}`);
    await writeFile(`${final}.tmp`, content, { mode: 0o600 });
    await rename(`${final}.tmp`, final);
  }
}

async function readSummary(dir: string, id: string): Promise<OutboxMessage | undefined> {
  try {
    const summary = JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as Omit<OutboxMessage, 'id'>;
    return { id, ...summary };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The newest `limit` messages, newest first (by when each was written: a replay is a new message). */
export async function listOutbox(dir: string, limit: number): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const written = await Promise.all(
    names
      .filter((name) => name.endsWith('.eml') && UUID.test(name.slice(0, -4)))
      .map(async (name) => ({ id: name.slice(0, -4), at: (await stat(path.join(dir, name))).mtimeMs })),
  );
  written.sort((a, b) => b.at - a.at || b.id.localeCompare(a.id));
  const entries: OutboxEntry[] = [];
  for (const { id } of written.slice(0, limit)) {
    const message = await readSummary(dir, id);
    if (message) entries.push({ id, from: message.from, to: message.to, subject: message.subject, date: message.date });
  }
  return entries;
}

/** One message, or undefined when the outbox has none by that id (any id that is not a uuid included). */
export async function readOutboxMessage(dir: string, id: string): Promise<OutboxMessage | undefined> {
  if (!UUID.test(id)) return undefined;
  return readSummary(dir, id);
}
